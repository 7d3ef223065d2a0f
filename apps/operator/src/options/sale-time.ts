import { usageError } from '../operator-error';

/** The latest time accepted: 9999-12-31T23:59:59Z (what an ISO date can say). */
const MAX_UNIX_SECONDS = 253_402_300_799n;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A sale-window bound as typed: `0` (no bound), unix seconds (`1767225600`), an ISO date
 * (`2026-01-01`, midnight UTC) or an ISO date-time with its zone (`2026-01-01T12:00:00Z`,
 * `2026-01-01T13:00+01:00`). A date-time without a zone is refused: the machine's zone is not
 * the sale's. Returns unix seconds as a bigint.
 */
export function parseSaleTime(flag: string, text: string | undefined): bigint {
  if (text === undefined) throw usageError(`${flag} is required (0 for no bound)`);
  const value = text.trim();
  if (/^\d+$/.test(value)) {
    const seconds = BigInt(value);
    if (seconds > MAX_UNIX_SECONDS) {
      throw usageError(
        `${flag} ${value} is too far out (unix seconds, at most ${MAX_UNIX_SECONDS}); milliseconds?`,
      );
    }
    return seconds;
  }
  if (!ISO_DATE.test(value) && !ISO_DATE_TIME.test(value)) {
    throw usageError(
      `${flag} must be 0, unix seconds or an ISO time with its zone (e.g. 2026-01-01T12:00:00Z), not ${JSON.stringify(text)}`,
    );
  }
  const ms = Date.parse(value);
  const [datePart = ''] = value.split('T');
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== utcDateOf(value, datePart)) {
    throw usageError(`${flag} ${JSON.stringify(text)} is not a real date`);
  }
  if (ms % 1000 !== 0) throw usageError(`${flag} ${JSON.stringify(text)} must be whole seconds`);
  if (ms < 0) throw usageError(`${flag} ${JSON.stringify(text)} is before 1970`);
  return BigInt(ms / 1000);
}

/** The UTC date a valid time falls on, to catch dates JS rolls over (2026-02-30 -> March 2). */
function utcDateOf(value: string, datePart: string): string {
  if (ISO_DATE.test(value) || value.endsWith('Z')) return datePart;
  // with an offset the UTC date can differ; compare the local date instead
  const offset = value.slice(-6);
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(Date.parse(value) + minutes * 60_000).toISOString().slice(0, 10);
  return local === datePart ? new Date(Date.parse(value)).toISOString().slice(0, 10) : '';
}

/** A stored bound for output: `null` for 0 (none), else the ISO time. */
export function describeSaleTime(seconds: bigint): string | null {
  return seconds === 0n ? null : new Date(Number(seconds) * 1000).toISOString();
}
