import { shortenAddress, type Cluster } from '@fbt/domain';
import type { WalletName } from '@solana/wallet-adapter-base';
import { useWallet, WalletNotSelectedError } from '@solana/wallet-adapter-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onPickerRequest } from '../../../components/wallet/connect-intent';
import type { WalletState } from '../../../components/wallet/wallet-state';
import { useI18n } from '../../../lib/i18n/i18n';
import { detectPhoneBrowser } from '../lib/phone-browser';
import {
  chooseAction,
  listWalletAppLinks,
  listWalletOptions,
  pickRetryWallet,
  type WalletAppLink,
  type WalletOption,
} from '../lib/wallet-options';
import { useWalletFunding } from './use-wallet-funding';

/** The wallet state the top bar and the purchase box read, plus the picker's controls. */
export interface WalletConnection extends WalletState {
  readonly pickerOpen: boolean;
  readonly closePicker: () => void;
  readonly options: readonly WalletOption[];
  /** 'Open in Phantom' / 'Open in Solflare' on a phone with no wallet in the page. */
  readonly appLinks: readonly WalletAppLink[];
  /** Selects a wallet and connects once the selection is active. */
  readonly choose: (name: string) => void;
}

type WalletContext = ReturnType<typeof useWallet>;

/**
 * Connects once the provider reports the chosen wallet as selected: `connect()` in the same
 * handler as `select()` fails with WalletNotSelectedError, so `request` only selects and
 * remembers the wish. A connect error is logged; 'wallet not selected' retries once with the
 * first wallet offered.
 */
function useConnectOnceSelected(
  {
    wallet,
    connected,
    connecting,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    select,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    connect,
  }: WalletContext,
  options: readonly WalletOption[],
) {
  const [pending, setPending] = useState<string | null>(null);
  const retried = useRef(false);
  const request = useCallback(
    (name: string) => {
      retried.current = false;
      select(name as WalletName);
      setPending(name);
    },
    [select],
  );

  useEffect(() => {
    if (pending === null || wallet?.adapter.name !== pending) return;
    if (connected || connecting) {
      setPending(null);
      return;
    }
    setPending(null);
    connect().catch((error: unknown) => {
      console.warn('wallet connect failed', error);
      if (error instanceof WalletNotSelectedError && !retried.current) {
        retried.current = true;
        const first = pickRetryWallet(options);
        if (first !== null) {
          select(first as WalletName);
          setPending(first);
        }
      }
    });
  }, [pending, wallet, connected, connecting, connect, select, options]);
  return { pending, request };
}

/** The wallets the picker offers, and the phone's 'Open in …' links while it is open. */
function useWalletChoices(wallets: WalletContext['wallets'], pickerOpen: boolean) {
  const options = useMemo(
    () =>
      listWalletOptions(
        wallets.map((entry) => ({
          name: entry.adapter.name,
          icon: entry.adapter.icon,
          url: entry.adapter.url,
          readyState: entry.readyState,
        })),
      ),
    [wallets],
  );
  // Read when the picker opens, so the link carries the page's current route.
  const appLinks = useMemo(
    () =>
      pickerOpen
        ? listWalletAppLinks(options, window.location.href, detectPhoneBrowser(navigator.userAgent))
        : [],
    [options, pickerOpen],
  );
  return { options, appLinks };
}

/**
 * Wallet connection over `@solana/wallet-adapter-react`: the picker, the chosen wallet's
 * connection (see {@link useConnectOnceSelected}), the button's text and state.
 */
export function useWalletConnection(
  userSelected: { current: boolean },
  cluster: Cluster | null,
): WalletConnection {
  const { t } = useI18n();
  const context = useWallet();
  // wallet-adapter-react's disconnect is a stable useCallback function, not a method:
  // destructuring it is safe and keeps this hook's result stable between renders.
  const {
    wallets,
    publicKey,
    connected,
    connecting,
    disconnecting,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    disconnect: disconnectWallet,
  } = context;
  const [pickerOpen, setPickerOpen] = useState(false);
  // Opened for a 'Connect Wallet' click made while this code was loading or mounting (the
  // top bar's stand-in served it; see connect-intent).
  useEffect(() => onPickerRequest(() => setPickerOpen(true)), []);
  const { options, appLinks } = useWalletChoices(wallets, pickerOpen);
  const { pending, request } = useConnectOnceSelected(context, options);

  const choose = useCallback(
    (name: string) => {
      setPickerOpen(false);
      const option = options.find((entry) => entry.name === name);
      if (option !== undefined && chooseAction(option.readyState) === 'install') {
        window.open(option.url, '_blank', 'noopener,noreferrer');
        return;
      }
      userSelected.current = true;
      request(name);
    },
    [request, userSelected, options],
  );

  const address = connected && publicKey !== null ? publicKey.toBase58() : null;
  const fund = useWalletFunding(cluster, address);
  const openPicker = useCallback(() => setPickerOpen(true), []);
  const closePicker = useCallback(() => setPickerOpen(false), []);
  const disconnect = useCallback(async () => {
    try {
      await disconnectWallet();
    } catch (error) {
      console.warn('wallet disconnect failed', error);
    }
  }, [disconnectWallet]);

  return useMemo(
    () => ({
      buttonText: address !== null ? shortenAddress(address) : t('wallet.connect'),
      isConnected: address !== null,
      address,
      fund,
      isBusy: connecting || disconnecting || pending !== null,
      openPicker,
      disconnect,
      pickerOpen,
      closePicker,
      options,
      appLinks,
      choose,
    }),
    [
      address,
      fund,
      t,
      connecting,
      disconnecting,
      pending,
      openPicker,
      disconnect,
      pickerOpen,
      closePicker,
      options,
      appLinks,
      choose,
    ],
  );
}
