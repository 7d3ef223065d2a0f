/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Decimal places of SOL (lamports). */
export const SOL_DECIMALS = 9;
/** Decimal places of the FBT mint. */
export const FBT_DECIMALS = 6;
/** Presale price: lamports per whole FBT (0.00005 SOL). */
export const TOKEN_PRICE_LAMPORTS = 50_000n;
/** Total FBT supply, in whole tokens. */
export const FBT_SUPPLY = 100_000_000n;
/** Largest value of an on-chain u64. */
export const U64_MAX = 0xffff_ffff_ffff_ffffn;

/**
 * Formats a non-negative fixed-point integer with `decimals` places, truncating (never rounding
 * up) to `maxFractionDigits`, and trimming trailing zeros unless `minFractionDigits` asks to
 * keep them.
 *
 * @example
 * formatFixed(1_500_000_000n, 9); // '1.5'
 * formatFixed(20_000_000_000n, 6, { minFractionDigits: 4, maxFractionDigits: 4 }); // '20000.0000'
 */
export function formatFixed(
  value: bigint,
  decimals: number,
  options: { minFractionDigits?: number; maxFractionDigits?: number } = {},
): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  let fraction = (abs % scale).toString().padStart(decimals, '0');
  const max = options.maxFractionDigits ?? decimals;
  const min = Math.min(options.minFractionDigits ?? 0, max);
  fraction = fraction.slice(0, max).padEnd(min, '0');
  let end = fraction.length;
  while (end > min && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  return `${negative ? '-' : ''}${whole.toString()}${fraction.length > 0 ? `.${fraction}` : ''}`;
}

/**
 * Formats lamports as SOL, trimming trailing zeros. `maxFractionDigits` truncates toward zero,
 * so a formatted maximum is never more than the real one.
 *
 * @example
 * formatSol(100_000_000n); // '0.1'
 * formatSol(9_123_456_789n, { maxFractionDigits: 5 }); // '9.12345'
 */
export function formatSol(lamports: bigint, options: { maxFractionDigits?: number } = {}): string {
  return formatFixed(lamports, SOL_DECIMALS, options);
}

/** Whole-number SOL for display targets: `solToLamports(100)` = 100 SOL in lamports. */
export function solToLamports(wholeSol: number | bigint): bigint {
  return BigInt(wholeSol) * LAMPORTS_PER_SOL;
}
