import { useState } from 'react';
import { useI18n } from '../../lib/i18n/i18n';
import { Dialog } from '../ui/dialog';
import { WalletIcon } from '../ui/icons';
import { WalletAddress } from './wallet-address';
import { WalletFunding } from './wallet-funding';
import type { WalletState } from './wallet-state';
import './wallet-dialog.css';

/**
 * The top bar's wallet button. Disconnected: shows 'Connect Wallet' and opens the picker.
 * Connected: shows the short address and opens the 'Disconnect Wallet' dialog (the full
 * address with Copy, test SOL on a local chain, Back / Disconnect). Without a registered wallet (page still loading) it shows the connect text,
 * disabled.
 */
export function ConnectButton({ wallet }: { wallet: WalletState | null }) {
  const { t } = useI18n();
  const [isOpen, setOpen] = useState(false);

  const text = wallet?.buttonText ?? t('wallet.connect');
  const onClick = () => {
    if (!wallet) return;
    if (wallet.isConnected) setOpen(true);
    else wallet.openPicker();
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm connect-button${wallet?.isConnected ? ' btn-secondary' : ' btn-primary'}`}
        onClick={onClick}
        disabled={!wallet || wallet.isBusy}
        data-testid="connect-button"
      >
        <WalletIcon size={18} />
        <span>{text}</span>
      </button>
      {isOpen && wallet ? (
        <DisconnectDialog
          address={wallet.address}
          fund={wallet.fund}
          onBack={() => setOpen(false)}
          onDisconnect={() => {
            setOpen(false);
            void wallet.disconnect();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * 'Disconnect Wallet' dialog: the wallet's full address (Copy, then 'Address copied'), on a
 * local chain 'Get 10 test SOL', and Back / Disconnect; closes on Back (or Escape) and on
 * Disconnect.
 */
export function DisconnectDialog({
  address = null,
  fund = null,
  onBack,
  onDisconnect,
}: {
  address?: string | null;
  fund?: (() => Promise<void>) | null;
  onBack: () => void;
  onDisconnect: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('wallet.disconnectTitle')}
      description={t('wallet.disconnectText')}
      onClose={onBack}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onBack} data-autofocus>
            {t('wallet.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onDisconnect}>
            {t('wallet.disconnect')}
          </button>
        </>
      }
    >
      {address === null ? null : (
        <div className="wallet-dialog">
          <WalletAddress address={address} />
          {fund === null ? null : <WalletFunding fund={fund} />}
        </div>
      )}
    </Dialog>
  );
}
