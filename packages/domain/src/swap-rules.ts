import type { AmountParseErrorCode, ParsedAmount } from './amount';
import type { SwapComputeData, SwapSide } from './swap-schemas';
import { WRAPPED_SOL_MINT } from './swap-schemas';
import { U64_MAX } from './units';

/**
 * The swap page's rules: the priority fee, slippage bounds, the price-impact
 * warning, amounts typed in either token, and what a quote must look like before anything is
 * built from it.
 */

/**
 * The largest swap transaction accepted, as base64 characters: 1,232 bytes, Solana's packet, the
 * most one transaction can be.
 */
export const SWAP_TX_MAX_BASE64_CHARS = 1644;

/** The compute budget a swap is given, and that the priority fee is spread over (units). */
export const SWAP_COMPUTE_UNITS = 600_000;

/**
 * The priority fee is capped at 25,000 micro-lamports per compute unit (15,000 lamports over the
 * swap's budget): a congested moment never makes a swap cost the buyer more than that.
 */
export const SWAP_PRIORITY_FEE_CAP = 25_000;

/** The fee service's answer is reused for 300,000 ms (5 minutes) before it is read again. */
export const SWAP_FEE_FRESHNESS_MS = 300_000;

/** Slippage presets of the page, basis points (0.1%, 0.5%, 1%). */
export const SWAP_SLIPPAGE_PRESETS_BPS = [10, 50, 100] as const;

/** The page's default slippage (0.5%). */
export const SWAP_DEFAULT_SLIPPAGE_BPS = 50;

/** Custom slippage bounds: 0.01% .. 50%. */
export const SWAP_MIN_SLIPPAGE_BPS = 1;
export const SWAP_MAX_SLIPPAGE_BPS = 5_000;

/** Above this slippage (5%) the page warns that the trade may be front-run. */
export const SWAP_HIGH_SLIPPAGE_BPS = 500;

/** Above this price impact (percent) the page warns before Swap. */
export const SWAP_PRICE_IMPACT_WARNING_PCT = 5;

/**
 * The priority fee from the fee-statistics window average (lamports): spread over the
 * 600,000-unit budget in micro-lamports per unit, rounded up, capped at 25,000.
 *
 * @example
 * priorityFeeFromStatistics(6_000); // 10000 (ceil(6000 * 1e6 / 600000))
 * priorityFeeFromStatistics(42_916.69); // 25000 (71528, capped)
 */
export function priorityFeeFromStatistics(avgLamports: number): number {
  if (!Number.isFinite(avgLamports) || avgLamports <= 0) return 0;
  return Math.min(Math.ceil((avgLamports * 1_000_000) / SWAP_COMPUTE_UNITS), SWAP_PRIORITY_FEE_CAP);
}

/**
 * Raydium's auto-fee level (already micro-lamports per unit), rounded up and capped like
 * {@link priorityFeeFromStatistics}.
 *
 * @example priorityFeeFromAutoFee(40_001.2) // 25000
 */
export function priorityFeeFromAutoFee(microLamports: number): number {
  if (!Number.isFinite(microLamports) || microLamports <= 0) return 0;
  return Math.min(Math.ceil(microLamports), SWAP_PRIORITY_FEE_CAP);
}

/**
 * The most a priority fee of `microLamports` per unit costs over the swap's compute budget.
 *
 * @example maxPriorityFeeLamports(25_000) // 15000n
 */
export function maxPriorityFeeLamports(microLamports: number): bigint {
  return (BigInt(microLamports) * BigInt(SWAP_COMPUTE_UNITS) + 999_999n) / 1_000_000n;
}

/** Why a typed slippage is refused. */
export type SlippageErrorCode =
  'SLIPPAGE__NOT_A_NUMBER' | 'SLIPPAGE__TOO_LOW' | 'SLIPPAGE__TOO_HIGH';

/** A slippage read from the custom field. */
export type ParsedSlippage =
  | { readonly ok: true; readonly bps: number }
  | { readonly ok: false; readonly code: SlippageErrorCode };

/**
 * Reads a custom slippage typed in percent (`0.5`, `1`, `2.25`; at most two decimals) into basis
 * points, within 0.01% .. 50%.
 *
 * @example parseSlippagePercent('0.5') // { ok: true, bps: 50 }
 */
export function parseSlippagePercent(text: string): ParsedSlippage {
  const match = /^\s*(\d{1,3})(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (match === null) return { ok: false, code: 'SLIPPAGE__NOT_A_NUMBER' };
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bps < SWAP_MIN_SLIPPAGE_BPS) return { ok: false, code: 'SLIPPAGE__TOO_LOW' };
  if (bps > SWAP_MAX_SLIPPAGE_BPS) return { ok: false, code: 'SLIPPAGE__TOO_HIGH' };
  return { ok: true, bps };
}

/**
 * Reads a token amount typed by a user into base units of a `decimals`-place token, exactly,
 * with the same rules as `parseSolAmount` (which is this for 9 decimals).
 *
 * @example parseTokenAmount('12.5', 6) // { ok: true, lamports: 12_500_000n }
 */
export function parseTokenAmount(text: string, decimals: number): ParsedAmount {
  const trimmed = text.trim();
  const fail = (code: AmountParseErrorCode): ParsedAmount => ({ ok: false, code });
  if (trimmed === '') return fail('AMOUNT__EMPTY');
  const plain = /^(\d*)(?:\.(\d*))?$/;
  if (trimmed.startsWith('-')) {
    return fail(plain.test(trimmed.slice(1)) ? 'AMOUNT__NEGATIVE' : 'AMOUNT__NOT_A_NUMBER');
  }
  if (/^[+]?[\d.]*[eE][+-]?\d*$/.test(trimmed)) return fail('AMOUNT__EXPONENT');
  const match = plain.exec(trimmed);
  if (match === null) return fail('AMOUNT__NOT_A_NUMBER');
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return fail('AMOUNT__NOT_A_NUMBER');
  if (fraction.length > decimals) return fail('AMOUNT__TOO_MANY_DECIMALS');
  const units = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  if (units > U64_MAX) return fail('AMOUNT__OUT_OF_RANGE');
  return { ok: true, lamports: units };
}

/** The mints a side swaps, as the Trade API names them (SOL is wrapped SOL). */
export function swapMints(
  side: SwapSide,
  fbtMint: string,
): { inputMint: string; outputMint: string } {
  return side === 'buy'
    ? { inputMint: WRAPPED_SOL_MINT, outputMint: fbtMint }
    : { inputMint: fbtMint, outputMint: WRAPPED_SOL_MINT };
}

/** The side a quote trades, or null when it is not SOL <-> FBT. */
export function swapSideOf(
  quote: Pick<SwapComputeData, 'inputMint' | 'outputMint'>,
  fbtMint: string,
): SwapSide | null {
  if (quote.inputMint === WRAPPED_SOL_MINT && quote.outputMint === fbtMint) return 'buy';
  if (quote.inputMint === fbtMint && quote.outputMint === WRAPPED_SOL_MINT) return 'sell';
  return null;
}

/**
 * What is wrong with a quote before a transaction is built from it, or null: it must trade SOL
 * and FBT (either way), only through pools that swap those two mints, with a positive amount on
 * both sides and a threshold on the right side of the estimate.
 */
export function swapQuoteProblem(quote: SwapComputeData, fbtMint: string): string | null {
  if (swapSideOf(quote, fbtMint) === null) {
    return `the quote trades ${quote.inputMint} for ${quote.outputMint}, not SOL and FBT`;
  }
  const mints = new Set([WRAPPED_SOL_MINT, fbtMint]);
  for (const [index, step] of quote.routePlan.entries()) {
    for (const mint of [step.inputMint, step.outputMint, step.feeMint]) {
      if (!mints.has(mint)) {
        return `route step ${index + 1} (pool ${step.poolId}) goes through another token, ${mint}`;
      }
    }
  }
  const input = BigInt(quote.inputAmount);
  const output = BigInt(quote.outputAmount);
  const threshold = BigInt(quote.otherAmountThreshold);
  if (input === 0n || output === 0n) return 'the quote swaps nothing (an amount is 0)';
  if (quote.swapType === 'BaseIn' && (threshold === 0n || threshold > output)) {
    return `the minimum received (${threshold}) is not between 1 and the estimate (${output})`;
  }
  if (quote.swapType === 'BaseOut' && threshold < input) {
    return `the most paid (${threshold}) is below the estimate (${input})`;
  }
  return null;
}

/** The pools a quote routes through and the extra accounts it names for them. */
export function swapPoolAccounts(quote: Pick<SwapComputeData, 'routePlan'>): string[] {
  const accounts = new Set<string>();
  for (const step of quote.routePlan) {
    accounts.add(step.poolId);
    for (const account of step.remainingAccounts ?? []) accounts.add(account);
  }
  return [...accounts];
}

/**
 * Whether a quote's price impact deserves the warning.
 *
 * @example isHighPriceImpact(7.2) // true
 */
export function isHighPriceImpact(priceImpactPct: number): boolean {
  return priceImpactPct > SWAP_PRICE_IMPACT_WARNING_PCT;
}
