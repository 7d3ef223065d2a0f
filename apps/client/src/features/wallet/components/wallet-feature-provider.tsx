import type { Cluster } from '@fbt/domain';
import { WalletAdapterNetwork, type Adapter, type WalletError } from '@solana/wallet-adapter-base';
import { PhantomWalletAdapter } from '@solana/wallet-adapter-phantom';
import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react';
import { SolflareWalletAdapter } from '@solana/wallet-adapter-solflare';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useRegisterWallet } from '../../../components/wallet/wallet-state';
import { useWalletConnection } from '../hooks/use-wallet-connection';
import { registerBurnerWallet } from '../lib/burner-wallet';
import { loadMobileWallet } from '../lib/mobile-wallet-loader';
import { shouldAutoConnect, type WalletPurpose } from '../lib/wallet-options';
import { WalletPickerDialog } from './wallet-picker-dialog';
import './wallet.css';

/** The selected wallet is remembered under this storage key, to reconnect it on the next visit. */
export const WALLET_NAME_STORAGE_KEY = 'walletName';

function networkOf(cluster: Cluster | null): WalletAdapterNetwork {
  if (cluster === 'devnet') return WalletAdapterNetwork.Devnet;
  if (cluster === 'testnet') return WalletAdapterNetwork.Testnet;
  return WalletAdapterNetwork.Mainnet;
}

/** Registers the page's wallet with the top bar and renders the picker when asked. */
function WalletBridge({
  userSelected,
  cluster,
  purpose,
  children,
}: {
  userSelected: { current: boolean };
  cluster: Cluster | null;
  purpose: WalletPurpose;
  children: ReactNode;
}) {
  const connection = useWalletConnection(userSelected, cluster);
  useRegisterWallet(connection);
  return (
    <>
      {children}
      {connection.pickerOpen ? (
        <WalletPickerDialog
          options={connection.options}
          appLinks={connection.appLinks}
          purpose={purpose}
          onChoose={connection.choose}
          onClose={connection.closePicker}
        />
      ) : null}
    </>
  );
}

/**
 * Wallet context of the presale pages: a web3.js Connection to the BFF's `/rpc` proxy (never a
 * public RPC from the browser), the Phantom and Solflare adapters plus every Wallet Standard
 * wallet the browser announces, the remembered wallet under `walletName`, auto-connect for
 * installed wallets only, the burner wallet on a local chain, and Mobile Wallet Adapter in
 * Android's browser. `purpose` (buy FBT, by default) is what the 'Connect Wallet' dialog says
 * the wallet is for.
 */
export function WalletFeatureProvider({
  rpcPath,
  cluster,
  purpose = 'buy',
  children,
}: {
  rpcPath: string;
  cluster: Cluster | null;
  purpose?: WalletPurpose;
  children: ReactNode;
}) {
  const endpoint = useMemo(() => new URL(rpcPath, window.location.origin).href, [rpcPath]);
  // The BFF's `/rpc` websocket (account pushes only): web3.js would otherwise guess the port.
  const connectionConfig = useMemo(
    () => ({ commitment: 'confirmed' as const, wsEndpoint: endpoint.replace(/^http/, 'ws') }),
    [endpoint],
  );
  const network = networkOf(cluster);
  const wallets = useMemo(
    () => [new PhantomWalletAdapter(), new SolflareWalletAdapter({ network })],
    [network],
  );
  const userSelected = useRef(false);
  const autoConnect = useCallback(
    (adapter: Adapter) =>
      Promise.resolve(shouldAutoConnect(adapter.readyState, userSelected.current)),
    [],
  );
  const onError = useCallback((error: WalletError, adapter?: Adapter) => {
    console.warn(`wallet error${adapter ? ` (${adapter.name})` : ''}:`, error.name, error.message);
  }, []);

  useEffect(() => {
    if (cluster === null) return;
    if (cluster === 'localnet') {
      registerBurnerWallet().catch((error: unknown) => {
        console.warn('burner wallet not registered:', error);
      });
    }
    // Android's own browser only: Mobile Wallet Adapter (its own chunk, fetched here).
    loadMobileWallet(cluster).catch((error: unknown) => {
      console.warn('Mobile Wallet Adapter not loaded:', error);
    });
  }, [cluster]);

  return (
    <ConnectionProvider endpoint={endpoint} config={connectionConfig}>
      <WalletProvider
        wallets={wallets}
        autoConnect={autoConnect}
        localStorageKey={WALLET_NAME_STORAGE_KEY}
        onError={onError}
      >
        <WalletBridge userSelected={userSelected} cluster={cluster} purpose={purpose}>
          {children}
        </WalletBridge>
      </WalletProvider>
    </ConnectionProvider>
  );
}
