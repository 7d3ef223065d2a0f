import { useCallback, useMemo } from 'react';
import { requestPickerOnLoad } from '../../../components/wallet/connect-intent';
import { useRegisterWallet, type WalletState } from '../../../components/wallet/wallet-state';
import { useI18n } from '../../../lib/i18n/i18n';
import { usePurchaseSessionLive } from '../hooks/purchase-session';

/**
 * Until the wallet code is up, the top bar's and the box's Connect Wallet buttons are served by
 * this stand-in: a click asks for the code and opens the picker once it can.
 */
function StandInWallet({ want }: { want: () => void }) {
  const { t } = useI18n();
  const connect = useCallback(() => {
    requestPickerOnLoad();
    want();
  }, [want]);
  const pending = useMemo<WalletState>(
    () => ({
      buttonText: t('wallet.connect'),
      isConnected: false,
      address: null,
      fund: null,
      isBusy: false,
      openPicker: connect,
      disconnect: () => Promise.resolve(),
    }),
    [t, connect],
  );
  useRegisterWallet(pending);
  return null;
}

/** The stand-in, for as long as the wallet code has not published its session. */
export function PendingWallet({ want }: { want: () => void }) {
  return usePurchaseSessionLive() ? null : <StandInWallet want={want} />;
}
