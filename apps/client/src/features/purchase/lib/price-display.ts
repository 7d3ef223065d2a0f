import {
  formatAmount,
  parseTokenAmount,
  USD_AMOUNT,
  type AmountLanguage,
  type PriceResponse,
} from '@fbt/domain';

/** Why a price is not a live quote, or null when it is one. */
export type PriceCaveat = 'fallback' | 'stale' | null;

/**
 * Whether the `1 SOL = N USD` line may be shown as live. The fallback constant (no price
 * service reachable) and a stale Pyth quote (the feed stopped updating) are shown, but marked:
 * a buyer must never read a reference value as the market price.
 */
export function priceCaveat(price: Pick<PriceResponse, 'source' | 'stale'>): PriceCaveat {
  if (price.source === 'fallback') return 'fallback';
  return price.stale ? 'stale' : null;
}

/**
 * The price line's USD figure in the page's language (`145.23`, Italian `145,23`): the BFF's
 * two-place decimal read as cents, then formatted like every amount. Text that is not such a
 * decimal is shown as it came.
 */
export function usdText(usd: string, language: AmountLanguage): string {
  const cents = parseTokenAmount(usd, USD_AMOUNT.decimals);
  return cents.ok ? formatAmount(cents.lamports, USD_AMOUNT, language) : usd;
}
