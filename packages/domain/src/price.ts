import { DomainError } from './domain-error';

/** A SOL/USD quote as Pyth publishes it: an integer `price` scaled by `10^expo`. */
export interface PythPrice {
  readonly price: bigint;
  /** Decimal exponent, typically negative (-8 for SOL/USD). */
  readonly expo: number;
  /** Confidence interval, same scale as `price`. */
  readonly conf: bigint;
  /** Unix seconds. */
  readonly publishTime: number;
}

/** Pyth Hermes feed id of SOL/USD. */
export const PYTH_SOL_USD_FEED_ID =
  '0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d';

/** Used when no fresh price can be had; shown with a `fallback` source and never as live. */
export const FALLBACK_SOL_USD: Pick<PythPrice, 'price' | 'expo'> = Object.freeze({
  price: 15_000_000_000n,
  expo: -8,
});

/** A price older than this (seconds) is stale. */
export const PRICE_MAX_AGE_SECONDS = 60;
/** A confidence interval wider than this share of the price (basis points) is not trusted. */
export const PRICE_MAX_CONFIDENCE_BPS = 200n;

function assertExpo(expo: number): void {
  if (!Number.isInteger(expo) || expo < -18 || expo > 18) {
    throw new DomainError('PRICE__INVALID_EXPONENT', { expo });
  }
}

/**
 * Formats `price * 10^expo` as USD with exactly 2 decimals, rounding half up.
 *
 * @example
 * formatUsdFromPyth(14_237_512_345n, -8); // '142.38'
 */
export function formatUsdFromPyth(price: bigint, expo: number): string {
  assertExpo(expo);
  // Scale to cents: price * 10^(expo + 2), rounding half away from zero.
  const shift = expo + 2;
  let cents: bigint;
  if (shift >= 0) {
    cents = price * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    const abs = price < 0n ? -price : price;
    const rounded = (abs + divisor / 2n) / divisor;
    cents = price < 0n ? -rounded : rounded;
  }
  const negative = cents < 0n;
  const absCents = negative ? -cents : cents;
  const whole = absCents / 100n;
  const fraction = (absCents % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Why a Pyth quote cannot be shown as live. `null` when it is fine. */
export type PriceProblem = 'STALE' | 'LOW_CONFIDENCE' | 'NON_POSITIVE';

/**
 * Checks a quote for staleness (older than 60 s at `nowSeconds`), a confidence interval wider
 * than 2% of the price, and a non-positive price.
 */
export function assessPythPrice(quote: PythPrice, nowSeconds: number): PriceProblem | null {
  if (quote.price <= 0n) return 'NON_POSITIVE';
  if (nowSeconds - quote.publishTime > PRICE_MAX_AGE_SECONDS) return 'STALE';
  if (quote.conf * 10_000n > quote.price * PRICE_MAX_CONFIDENCE_BPS) return 'LOW_CONFIDENCE';
  return null;
}
