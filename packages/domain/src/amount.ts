import { SOL_DECIMALS, U64_MAX } from './units';

/** Why a typed amount could not be read as lamports. */
export type AmountParseErrorCode =
  | 'AMOUNT__EMPTY'
  | 'AMOUNT__NOT_A_NUMBER'
  | 'AMOUNT__NEGATIVE'
  | 'AMOUNT__EXPONENT'
  | 'AMOUNT__TOO_MANY_DECIMALS'
  | 'AMOUNT__OUT_OF_RANGE';

/** The result of reading user input: lamports, or the reason it is not an amount. */
export type ParsedAmount =
  | { readonly ok: true; readonly lamports: bigint }
  | { readonly ok: false; readonly code: AmountParseErrorCode };

const PLAIN_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads a SOL amount typed by a user into lamports, exactly (no floating point).
 *
 * Accepts `1`, `1.5`, `.5`, `1.`, surrounding spaces. Rejects empty text, negatives, exponent
 * forms (`1e3`), anything else that is not a plain decimal, more than 9 decimals (below one
 * lamport) and values beyond a u64.
 *
 * @example
 * parseSolAmount('1.5'); // { ok: true, lamports: 1_500_000_000n }
 * parseSolAmount('1e3'); // { ok: false, code: 'AMOUNT__EXPONENT' }
 */
export function parseSolAmount(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, code: 'AMOUNT__EMPTY' };
  if (trimmed.startsWith('-')) {
    return {
      ok: false,
      code: PLAIN_DECIMAL.test(trimmed.slice(1)) ? 'AMOUNT__NEGATIVE' : 'AMOUNT__NOT_A_NUMBER',
    };
  }
  if (/^[+]?[\d.]*[eE][+-]?\d*$/.test(trimmed)) return { ok: false, code: 'AMOUNT__EXPONENT' };
  const match = PLAIN_DECIMAL.exec(trimmed);
  if (match === null) return { ok: false, code: 'AMOUNT__NOT_A_NUMBER' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return { ok: false, code: 'AMOUNT__NOT_A_NUMBER' };
  if (fraction.length > SOL_DECIMALS) return { ok: false, code: 'AMOUNT__TOO_MANY_DECIMALS' };
  const lamports = BigInt(`${whole || '0'}${fraction.padEnd(SOL_DECIMALS, '0')}`);
  if (lamports > U64_MAX) return { ok: false, code: 'AMOUNT__OUT_OF_RANGE' };
  return { ok: true, lamports };
}
