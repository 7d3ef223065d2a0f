import { parseSolAmount, type AmountParseErrorCode } from './amount';
import type { PresaleState } from './presale-state';
import { computeRemainingAllowance, computeTokenAmount } from './presale-rules';
import { TOKEN_PRICE_LAMPORTS, formatSol } from './units';

/** Codes of the amount field's messages; the first four come in the order they are checked. */
export type AmountErrorCode =
  | 'AMOUNT__EMPTY'
  | 'AMOUNT__USER_LIMIT_REACHED'
  | 'AMOUNT__TOO_HIGH'
  | 'AMOUNT__TOO_LOW'
  | Exclude<AmountParseErrorCode, 'AMOUNT__EMPTY'>;

/**
 * A validation failure: a stable code, the values its text needs (`max`/`min`: SOL amounts
 * already formatted) and the English text shown under the amount field. A translated UI
 * renders `code` with `params` in its own language; `message` is the product's English.
 */
export interface AmountError {
  readonly code: AmountErrorCode;
  readonly params: Readonly<Record<string, string>>;
  readonly message: string;
}

/** What the amount rule needs to know. */
export interface AmountValidationInput {
  /** The text in the amount field. */
  readonly input: string;
  readonly state: PresaleState;
  /** Lamports this wallet already bought on this presale. */
  readonly boughtLamports: bigint;
}

const PARSE_MESSAGES: Record<Exclude<AmountParseErrorCode, 'AMOUNT__EMPTY'>, string> = {
  AMOUNT__NOT_A_NUMBER: 'Amount must be a number',
  AMOUNT__NEGATIVE: 'Amount cannot be negative',
  AMOUNT__EXPONENT: 'Enter the amount as a plain decimal number',
  AMOUNT__TOO_MANY_DECIMALS: 'Amount can have at most 9 decimals',
  AMOUNT__OUT_OF_RANGE: 'Amount is too large',
};

/**
 * The amount field checked: the lamports to buy, or the error to show in its place. `ok: true`
 * means the amount is a valid buy for this wallet now.
 */
export type BuyAmountCheck =
  | { readonly ok: true; readonly lamports: bigint }
  | { readonly ok: false; readonly error: AmountError };

const refused = (error: AmountError): BuyAmountCheck => ({ ok: false, error });

/**
 * Checks a typed buy amount and reads it as lamports, exactly. The field shows one message, the
 * first of these that applies:
 * 1. 'Amount field is empty'
 * 2. 'You already exceed buyable limit' — what is left for this wallet is below the minimum
 * 3. 'Amount too high. Max {remaining, 5 decimals} SOL'
 * 4. 'Amount too low. Min {min} SOL'
 *
 * Text that is not a plain decimal gets a precise message right after the empty check. The
 * remaining maximum is truncated (not rounded up) to 5 decimals, so the figure shown is always
 * an amount the chain accepts. The one rule for the purchase box, the purchase flow (which
 * checks again on send) and the Blink.
 *
 * @example
 * checkBuyAmount({ input: '2.5', state, boughtLamports: 0n }); // { ok: true, lamports: 2_500_000_000n }
 * checkBuyAmount({ input: '', state, boughtLamports: 0n }); // { ok: false, error: { message: 'Amount field is empty', … } }
 */
export function checkBuyAmount({
  input,
  state,
  boughtLamports,
}: AmountValidationInput): BuyAmountCheck {
  const parsed = parseSolAmount(input);
  if (!parsed.ok) {
    if (parsed.code === 'AMOUNT__EMPTY') {
      return refused({ code: 'AMOUNT__EMPTY', params: {}, message: 'Amount field is empty' });
    }
    return refused({ code: parsed.code, params: {}, message: PARSE_MESSAGES[parsed.code] });
  }
  const remaining = computeRemainingAllowance(state, boughtLamports);
  if (remaining < state.minUserBuyable || remaining === 0n) {
    return refused({
      code: 'AMOUNT__USER_LIMIT_REACHED',
      params: {},
      message: 'You already exceed buyable limit',
    });
  }
  if (parsed.lamports > remaining) {
    const max = formatSol(remaining, { maxFractionDigits: 5 });
    return refused({
      code: 'AMOUNT__TOO_HIGH',
      params: { max },
      message: `Amount too high. Max ${max} SOL`,
    });
  }
  if (parsed.lamports < state.minUserBuyable) {
    const min = formatSol(state.minUserBuyable);
    return refused({
      code: 'AMOUNT__TOO_LOW',
      params: { min },
      message: `Amount too low. Min ${min} SOL`,
    });
  }
  return { ok: true, lamports: parsed.lamports };
}

/**
 * The estimate line's number: FBT base units for a checked amount at the presale price, or
 * `null` when the amount has an error (no estimate for an amount that cannot be sent). Uses
 * the on-chain price when loaded (non-zero), else the advertised 0.00005 SOL. Formatted for
 * display by `formatAmount` with `FBT_AMOUNT`.
 *
 * @example
 * estimateTokenUnits({ ok: true, lamports: 1_000_000_000n }, 50_000n); // 20_000_000_000n
 */
export function estimateTokenUnits(amount: BuyAmountCheck, tokenPrice: bigint): bigint | null {
  if (!amount.ok) return null;
  const price = tokenPrice > 0n ? tokenPrice : TOKEN_PRICE_LAMPORTS;
  return computeTokenAmount(amount.lamports, price);
}
