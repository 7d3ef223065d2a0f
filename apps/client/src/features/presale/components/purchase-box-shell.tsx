import { useI18n } from '../../../lib/i18n/i18n';
import { WalletIcon } from '../../../components/ui/icons';
import type { WalletState } from '../../../components/wallet/wallet-state';

/**
 * Static shell of the purchase box: title, subtitle, price and the wallet call to action.
 * The amount field, validation and Send flow plug in here in the purchase task.
 */
export function PurchaseBoxShell({
  wallet,
  address,
}: {
  wallet: WalletState;
  address: string | null;
}) {
  const { t } = useI18n();
  return (
    <section className="purchase card" aria-labelledby="purchase-title" data-testid="purchase-box">
      <h2 id="purchase-title" className="purchase__title">
        {t('presale.boxTitle')}
      </h2>
      <p className="purchase__subtitle">{t('presale.boxSubtitle')}</p>
      <p className="purchase__price">{t('presale.boxPrice')}</p>
      {address ? (
        <p className="purchase__wallet">
          <WalletIcon size={18} /> <span>{wallet.buttonText}</span>
        </p>
      ) : (
        <>
          <p className="purchase__hint">{t('presale.boxHint')}</p>
          <button
            type="button"
            className="btn btn-primary purchase__cta"
            onClick={wallet.openPicker}
            disabled={wallet.isBusy}
          >
            <WalletIcon size={18} />
            {t('wallet.connect')}
          </button>
        </>
      )}
    </section>
  );
}
