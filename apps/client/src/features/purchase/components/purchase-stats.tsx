import { formatSol, type PresaleState, type PriceResponse } from '@fbt/domain';
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
  const { t } = useI18n();
  return (
    <div className="purchase__stats">
      <p className="purchase__stat" data-testid="purchase-bought">
        {t('purchase.bought', {
          bought: formatSol(boughtLamports, { maxFractionDigits: 5 }),
          max: state ? formatSol(state.maxUserBuyable, { maxFractionDigits: 5 }) : '…',
        })}
      </p>
      <PriceLine price={price} />
    </div>
  );
}
