import type { Ref } from 'react';
import { WalletIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import './purchase.css';

/**
 * What the purchase box looks like before its wallet code has loaded: the same card, title and
 * subtitle, the same height (no layout shift when the box replaces it), and a Connect Wallet
 * button whose click is kept until the box can honour it. `busy` (aria-busy) only while the
 * box's code is actually loading: a placeholder merely waiting to be scrolled near is not busy,
 * so assistive technology reads it as it is instead of waiting for a load that has not begun.
 */
export function PurchasePlaceholder({
  ref,
  busy,
  onConnect,
}: {
  ref?: Ref<HTMLElement>;
  busy: boolean;
  onConnect: () => void;
}) {
  const { t } = useI18n();
  return (
    <section
      ref={ref}
      className="purchase card purchase--pending"
      aria-busy={busy}
      data-testid="purchase-pending"
    >
      <h2 className="purchase__title">{t('presale.boxTitle')}</h2>
      <p className="purchase__subtitle">{t('presale.boxSubtitle')}</p>
      <button type="button" className="btn btn-primary transaction-cta" onClick={onConnect}>
        <WalletIcon size={18} />
        {t('wallet.connect')}
      </button>
    </section>
  );
}
