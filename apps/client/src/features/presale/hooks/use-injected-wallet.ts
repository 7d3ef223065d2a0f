import { shortenAddress } from '@fbt/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { WalletState } from '../../../components/wallet/wallet-state';
import { useI18n } from '../../../lib/i18n/i18n';

/** The wallets the picker offers, with the site to open when one is not installed. */
export const WALLETS = [
  { name: 'Phantom', label: 'wallet.phantom', url: 'https://phantom.com/download' },
  { name: 'Solflare', label: 'wallet.solflare', url: 'https://solflare.com/download' },
] as const;

export type WalletName = (typeof WALLETS)[number]['name'];

/** Storage key of the remembered wallet (spec §4). */
export const WALLET_NAME_KEY = 'walletName';

interface PublicKeyLike {
  toString(): string;
}

/** The slice of the Phantom / Solflare injected provider API this page uses. */
interface InjectedProvider {
  publicKey?: PublicKeyLike | null;
  connect(options?: { onlyIfTrusted?: boolean }): Promise<unknown>;
  disconnect(): Promise<void>;
}

declare global {
  interface Window {
    phantom?: { solana?: InjectedProvider };
    solflare?: InjectedProvider;
  }
}

function findProvider(name: WalletName): InjectedProvider | undefined {
  return name === 'Phantom' ? window.phantom?.solana : window.solflare;
}

/**
 * Minimal wallet connection over the wallets' injected providers, behind the top bar's
 * {@link WalletState} port. The full Wallet Standard / wallet-adapter integration replaces
 * this hook later without touching the top bar.
 */
export function useInjectedWallet(): WalletState & {
  pickerOpen: boolean;
  closePicker: () => void;
  select: (name: WalletName) => Promise<void>;
  address: string | null;
} {
  const { t } = useI18n();
  const [address, setAddress] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);

  const select = useCallback(async (name: WalletName) => {
    setPickerOpen(false);
    const provider = findProvider(name);
    if (!provider) {
      // Wallet not ready: send the visitor to the wallet's site.
      const wallet = WALLETS.find((w) => w.name === name);
      if (wallet) window.open(wallet.url, '_blank', 'noopener,noreferrer');
      return;
    }
    setBusy(true);
    try {
      await provider.connect();
      const key = provider.publicKey?.toString() ?? null;
      setAddress(key);
      if (key) localStorage.setItem(WALLET_NAME_KEY, name);
    } catch (error) {
      console.warn('wallet connect failed', error);
    } finally {
      setBusy(false);
    }
  }, []);

  // Auto-connect to the remembered wallet when it is installed and already trusts the site.
  useEffect(() => {
    const remembered = localStorage.getItem(WALLET_NAME_KEY);
    if (remembered !== 'Phantom' && remembered !== 'Solflare') return;
    const provider = findProvider(remembered);
    if (!provider) return;
    provider
      .connect({ onlyIfTrusted: true })
      .then(() => setAddress(provider.publicKey?.toString() ?? null))
      .catch(() => undefined);
  }, []);

  const disconnect = useCallback(async () => {
    const remembered = localStorage.getItem(WALLET_NAME_KEY);
    setBusy(true);
    try {
      if (remembered === 'Phantom' || remembered === 'Solflare')
        await findProvider(remembered)?.disconnect();
    } catch (error) {
      console.warn('wallet disconnect failed', error);
    } finally {
      localStorage.removeItem(WALLET_NAME_KEY);
      setAddress(null);
      setBusy(false);
    }
  }, []);

  const openPicker = useCallback(() => setPickerOpen(true), []);
  const closePicker = useCallback(() => setPickerOpen(false), []);

  return useMemo(
    () => ({
      buttonText: address ? shortenAddress(address) : t('wallet.connect'),
      isConnected: address !== null,
      isBusy,
      openPicker,
      disconnect,
      pickerOpen,
      closePicker,
      select,
      address,
    }),
    [address, isBusy, openPicker, disconnect, pickerOpen, closePicker, select, t],
  );
}
