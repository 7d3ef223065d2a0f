import { WalletReadyState } from '@solana/wallet-adapter-base';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n/i18n';
import type { WalletAppLink, WalletOption } from '../lib/wallet-options';

/**
 * 'Connect Wallet' dialog: 'Phantom Wallet' and 'Solflare Wallet' always, then any other wallet
 * detected in this browser. A wallet that is not installed still connects through its adapter
 * (web wallet, or the app's deep link on a phone). On a phone with no wallet in the page,
 * 'Open in Phantom' / 'Open in Solflare' links follow (see `listWalletAppLinks`).
 */
export function WalletPickerDialog({
  options,
  appLinks,
  onChoose,
  onClose,
}: {
  options: readonly WalletOption[];
  appLinks: readonly WalletAppLink[];
  onChoose: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog title={t('wallet.pickerTitle')} description={t('wallet.pickerText')} onClose={onClose}>
      <ul className="wallet-picker" data-testid="wallet-picker">
        {options.map((option) => (
          <li key={option.name}>
            <button
              type="button"
              className="dialog__option wallet-picker__option"
              onClick={() => onChoose(option.name)}
            >
              <img
                className="wallet-picker__icon"
                src={option.icon}
                width={32}
                height={32}
                alt=""
              />
              <span className="wallet-picker__text">
                <span className="wallet-picker__label">{option.label}</span>
                <span
                  className={`wallet-picker__status${option.detected ? ' wallet-picker__status--detected' : ''}`}
                >
                  {option.detected
                    ? t('wallet.detected')
                    : option.readyState === WalletReadyState.Loadable
                      ? t('wallet.loadable')
                      : t('wallet.notInstalled')}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {appLinks.length > 0 ? (
        <div className="wallet-apps" data-testid="wallet-app-links">
          <p className="wallet-apps__text">{t('wallet.openInText')}</p>
          {appLinks.map((link) => (
            <a key={link.app} className="wallet-apps__link" href={link.href}>
              {t('wallet.openIn', { wallet: link.app })}
            </a>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
