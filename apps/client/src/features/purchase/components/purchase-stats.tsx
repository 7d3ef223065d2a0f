import { formatAmount, SOL_AMOUNT, type PresaleState, type PriceResponse } from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import { PriceLine } from './price-line';

/** 'You bought X/Y SOL' (what the wallet bought of its maximum) and '1 SOL = N USD'. */
export function PurchaseStats({
  boughtLamports,
  state,
  price,
}: {
  boughtLamports: bigint;
  state: PresaleState | undefined;
  price: PriceResponse | undefined;
}) {
  const { t, language } = useI18n();
  return (
    <div className="purchase__stats">
      <p className="purchase__stat" data-testid="purchase-bought">
        {t('purchase.bought', {
          bought: formatAmount(boughtLamports, SOL_AMOUNT, language),
          max: state ? formatAmount(state.maxUserBuyable, SOL_AMOUNT, language) : '…',
        })}
      </p>
      <PriceLine price={price} />
    </div>
  );
}
