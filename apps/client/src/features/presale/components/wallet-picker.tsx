import { Dialog } from '../../../components/ui/dialog';
import { WalletIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { WALLETS, type WalletName } from '../hooks/use-injected-wallet';

/** 'Connect Wallet' dialog offering 'Phantom Wallet' and 'Solflare Wallet'. */
export function WalletPicker({
  onSelect,
  onClose,
}: {
  onSelect: (name: WalletName) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog title={t('wallet.pickerTitle')} description={t('wallet.pickerText')} onClose={onClose}>
      <div className="dialog__options">
        {WALLETS.map((wallet) => (
          <button
            key={wallet.name}
            type="button"
            className="dialog__option"
            onClick={() => onSelect(wallet.name)}
          >
            <span
              className={`dialog__option-icon wallet-icon wallet-icon--${wallet.name.toLowerCase()}`}
            >
              <WalletIcon size={20} />
            </span>
            {t(wallet.label)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
