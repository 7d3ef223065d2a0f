import type { FactValue, FactWord } from './verify-facts';

/** A value shown as it is (an amount, an address, a hash). */
export const factText = (value: string): FactValue => ({ text: value });
/** A value that is a word, translated where it is shown. */
export const factWord = (value: FactWord): FactValue => ({ word: value });

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
};

/** A value in English: its data as it is, or its word. */
export function factValueEn(value: FactValue): string {
  return 'text' in value ? value.text : FACT_WORD_EN[value.word];
}
