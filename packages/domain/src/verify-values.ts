import { formatFixed } from './units';
import type { FactParams, FactValue, FactWord } from './verify-facts';

/** A value shown as it is (an amount, an address, a hash). */
export const factText = (value: string): FactValue => ({ text: value });
/** A value that is a word, translated where it is shown, with the figures it names. */
export const factWord = (value: FactWord, params?: FactParams): FactValue =>
  params === undefined ? { word: value } : { word: value, params };

/** A note of `key=value` fields joined by `;`, skipping undefined values. */
export function factNote(fields: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
}

/** The fields of a note written by {@link factNote}: `status=sold-out;x=1` → `{ status, x }`. */
export function noteFields(note: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of note.split(';')) {
    const at = field.indexOf('=');
    if (at > 0) fields[field.slice(0, at)] = field.slice(at + 1);
  }
  return fields;
}

/** Unix seconds as an ISO time in UTC without milliseconds: `2026-01-01T00:00:00Z`. */
export function isoSeconds(seconds: bigint | number): string {
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The units a duration is written in, largest first. */
export type DurationUnit = 'day' | 'hour' | 'minute' | 'second';
const DURATION_UNITS: readonly (readonly [number, DurationUnit])[] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/**
 * Seconds as a count of the largest unit that divides them exactly (seconds otherwise), the
 * rule every language writes a duration by: `5400` → `{ count: 90, unit: 'minute' }`.
 */
export function wholeDuration(seconds: number): {
  readonly count: number;
  readonly unit: DurationUnit;
} {
  const [size, unit] = DURATION_UNITS.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  return { count: seconds / size, unit };
}

/** Seconds in English, in the largest unit that divides them exactly: `2592000` → `30 days`. */
export function durationEn(seconds: number): string {
  const { count, unit } = wholeDuration(seconds);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A word's figure in English by its name's ending (`…Bps` a share, `…Seconds` a duration). */
export function factParamEn(name: string, raw: string): string {
  if (name.endsWith('Bps')) return `${formatFixed(BigInt(raw), 2)}%`;
  if (name.endsWith('Seconds')) return durationEn(Number(raw));
  return raw;
}

/** Groups thousands with commas: `100000000.5` → `100,000,000.5`. */
export function groupThousands(digits: string): string {
  const [whole = '', fraction] = digits.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/** The English of each {@link FactWord} (the operator's report; the site has its own catalogues). */
export const FACT_WORD_EN: Readonly<Record<FactWord, string>> = {
  none: 'none',
  missing: 'missing',
  invalid: 'not the expected account',
  active: 'active',
  paused: 'paused',
  immutable: 'immutable (no upgrade authority)',
  present: 'present',
  valid: 'a coherent range',
  unpublished: 'a value the site publishes (it publishes none)',
  instant: 'instant (in each buy)',
  'at-completion': 'at completion',
  'all-at-completion': 'everything at completion',
  vesting: '{unlockedBps} at completion, the rest evenly over {vestingSeconds}',
  'vesting-cliff':
    '{unlockedBps} at completion, nothing more for {cliffSeconds}, everything after {vestingSeconds}',
};

/** A value in English: its data as it is, or its word with its figures. */
export function factValueEn(value: FactValue): string {
  if ('text' in value) return value.text;
  const params = value.params ?? {};
  return FACT_WORD_EN[value.word].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const raw = params[name];
    return raw === undefined ? whole : factParamEn(name, raw);
  });
}
