import type { PriceResponse } from '@fbt/domain';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n/i18n';
import { priceCaveat, usdText } from '../lib/price-display';

/**
 * The purchase box's `1 SOL = N USD` line. A fallback or stale price keeps the line but is
 * marked "≈", with the reason as its accessible description (and a tooltip), so it is never
 * read as live.
 */
export function PriceLine({ price }: { price: PriceResponse | undefined }) {
  const { t, language } = useI18n();
  const noteId = useId();
  if (price === undefined) {
    return (
      <p className="purchase__stat purchase__stat--price" data-testid="purchase-price">
        {t('purchase.priceLoading')}
      </p>
    );
  }
  const caveat = priceCaveat(price);
  if (caveat === null) {
    return (
      <p className="purchase__stat purchase__stat--price" data-testid="purchase-price">
        {t('purchase.price', { usd: usdText(price.usd, language) })}
      </p>
    );
  }
  const note = t(caveat === 'fallback' ? 'purchase.priceFallbackNote' : 'purchase.priceStaleNote');
  return (
    <p
      className="purchase__stat purchase__stat--price purchase__stat--approximate"
      data-testid="purchase-price"
      data-price-caveat={caveat}
      title={note}
      aria-describedby={noteId}
    >
      {t('purchase.priceApprox', { usd: usdText(price.usd, language) })}
      <span id={noteId} className="visually-hidden" data-testid="purchase-price-note">
        {note}
      </span>
    </p>
  );
}
