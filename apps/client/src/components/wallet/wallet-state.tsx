import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

/**
 * What the top bar needs from a wallet: the button's text, whether it is connected or busy, its
 * address, the picker and disconnect actions, and test SOL on a local chain. The presale pages
 * register an implementation with {@link useRegisterWallet}; marketing pages never load wallet
 * code, so there the slot stays empty.
 */
export interface WalletState {
  /** 'Connect Wallet' while disconnected, otherwise the shortened address (4...4). */
  readonly buttonText: string;
  readonly isConnected: boolean;
  /** The connected wallet's full address (base58), or null while disconnected. */
  readonly address: string | null;
  /**
   * On a local chain only, with a wallet connected: gets it test SOL from the chain's faucet and
   * refreshes the page's balances (rejects when the chain does not send them); null elsewhere.
   */
  readonly fund: (() => Promise<void>) | null;
  /** True while a connect or disconnect is in flight. */
  readonly isBusy: boolean;
  /** Opens the wallet picker (only called while disconnected). */
  readonly openPicker: () => void;
  readonly disconnect: () => Promise<void>;
}

interface WalletSlot {
  wallet: WalletState | null;
  setWallet: Dispatch<SetStateAction<WalletState | null>>;
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

/**
 * Registers the page's wallet with the top bar for as long as the caller is mounted. Before the
 * first paint (a layout effect), so no frame shows the buttons without a wallet; withdrawing
 * clears the slot only if it still holds this wallet, so a stand-in that gives way to the real
 * wallet after it has registered (the presale pages' deferred wallet code) leaves it in place.
 */
export function useRegisterWallet(wallet: WalletState): void {
  const { setWallet } = useWalletSlot();
  useLayoutEffect(() => {
    setWallet(wallet);
    return () => setWallet((current) => (current === wallet ? null : current));
  }, [wallet, setWallet]);
}
