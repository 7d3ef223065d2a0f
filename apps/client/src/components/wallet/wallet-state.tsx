import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * What the top bar needs from a wallet (spec §3 "Client wallet state"). The presale pages
 * register an implementation with {@link useRegisterWallet}; marketing pages never load wallet
 * code, so there the slot stays empty.
 */
export interface WalletState {
  /** 'Connect Wallet' while disconnected, otherwise the shortened address (4...4). */
  readonly buttonText: string;
  readonly isConnected: boolean;
  /** True while a connect or disconnect is in flight. */
  readonly isBusy: boolean;
  /** Opens the wallet picker (only called while disconnected). */
  readonly openPicker: () => void;
  readonly disconnect: () => Promise<void>;
}

interface WalletSlot {
  wallet: WalletState | null;
  setWallet: (wallet: WalletState | null) => void;
}

const WalletSlotContext = createContext<WalletSlot | null>(null);

/** Holds the wallet registered by the current page, for the top bar's connect button. */
export function WalletSlotProvider({ children }: { children: ReactNode }) {
  const [wallet, setWallet] = useState<WalletState | null>(null);
  const value = useMemo(() => ({ wallet, setWallet }), [wallet]);
  return <WalletSlotContext.Provider value={value}>{children}</WalletSlotContext.Provider>;
}

function useWalletSlot(): WalletSlot {
  const slot = useContext(WalletSlotContext);
  if (!slot) throw new Error('Wallet slot used outside <WalletSlotProvider>');
  return slot;
}

/** The wallet registered by the current page, or null (marketing pages). */
export function useRegisteredWallet(): WalletState | null {
  return useWalletSlot().wallet;
}

/** Registers the page's wallet with the top bar for as long as the page is mounted. */
export function useRegisterWallet(wallet: WalletState): void {
  const { setWallet } = useWalletSlot();
  useEffect(() => {
    setWallet(wallet);
  }, [wallet, setWallet]);
  useEffect(() => () => setWallet(null), [setWallet]);
}
