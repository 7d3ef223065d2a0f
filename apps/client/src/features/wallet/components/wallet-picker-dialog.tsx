import { useMemo } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { ExternalIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import type { MessageKey } from '../../../lib/i18n/en';
import { detectPhoneBrowser } from '../lib/phone-browser';
import {
  walletReadiness,
  type WalletAppLink,
  type WalletOption,
  type WalletPurpose,
  type WalletReadiness,
} from '../lib/wallet-options';

/** The dialog's sentence for what the wallet is wanted for on this page. */
const PURPOSE_TEXT: Readonly<Record<WalletPurpose, MessageKey>> = {
  buy: 'wallet.pickerText',
  swap: 'wallet.pickerTextSwap',
  claim: 'wallet.pickerTextClaim',
};

/** What a row says of its wallet. */
const READINESS_TEXT: Readonly<Record<WalletReadiness, MessageKey>> = {
  detected: 'wallet.detected',
  webWallet: 'wallet.webWallet',
  openApp: 'wallet.openApp',
  install: 'wallet.install',
};

/**
 * 'Connect Wallet' dialog: its sentence fits the page (buy FBT, swap, claim the commission);
 * 'Phantom Wallet' and 'Solflare Wallet' always, then any other wallet detected in this
 * browser, each saying whether it is installed, reached through its web wallet or app (not
 * installed but it still connects), or to be installed (the row opens its site). On a phone
 * with no wallet in the page, 'Open in Phantom' / 'Open in Solflare' links follow (see
 * `listWalletAppLinks`).
 */
export function WalletPickerDialog({
  options,
  appLinks,
  purpose,
  onChoose,
  onClose,
}: {
  options: readonly WalletOption[];
  appLinks: readonly WalletAppLink[];
  purpose: WalletPurpose;
  onChoose: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const onPhone = useMemo(() => detectPhoneBrowser(navigator.userAgent).os !== null, []);
  return (
    <Dialog
      title={t('wallet.pickerTitle')}
      description={t(PURPOSE_TEXT[purpose])}
      onClose={onClose}
    >
      <ul className="wallet-picker" data-testid="wallet-picker">
        {options.map((option) => {
          const readiness = walletReadiness(option.readyState, onPhone);
          return (
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
                    className={`wallet-picker__status wallet-picker__status--${readiness}`}
                    data-testid="wallet-picker-status"
                  >
                    {t(READINESS_TEXT[readiness])}
                    {readiness === 'install' ? <ExternalIcon size={14} /> : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
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
