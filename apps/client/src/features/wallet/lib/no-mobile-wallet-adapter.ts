/**
 * Stand-in for `@solana-mobile/wallet-adapter-mobile`, which `@solana/wallet-adapter-react`
 * imports unconditionally (Mobile Wallet Adapter for Android Chrome: ~32 KiB gzipped with its
 * QR code and second curve library). Aliased in vite.config.ts so the presale route stays under
 * its budget. Android's browser gets Mobile Wallet Adapter as a Wallet Standard wallet instead
 * (`@solana-mobile/wallet-standard-mobile`, registered by mobile-wallet-loader.ts in its own
 * chunk, Android only); wallet-adapter-react then uses that one. Other phones reach Phantom and
 * Solflare through their deep links (deep-links.ts). This adapter reports itself
 * unsupported, so the provider never lists or selects it.
 */
import {
  BaseWalletAdapter,
  WalletNotReadyError,
  WalletReadyState,
  type WalletName,
} from '@solana/wallet-adapter-base';

export const SolanaMobileWalletAdapterWalletName =
  'Mobile Wallet Adapter' as WalletName<'Mobile Wallet Adapter'>;

export class SolanaMobileWalletAdapter extends BaseWalletAdapter {
  readonly name = SolanaMobileWalletAdapterWalletName;
  readonly url = 'https://solanamobile.com/wallets';
  readonly icon =
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
  readonly readyState = WalletReadyState.Unsupported;
  readonly publicKey = null;
  readonly connecting = false;
  readonly supportedTransactionVersions = null;

  constructor(_config?: unknown) {
    super();
  }

  connect(): Promise<void> {
    return Promise.reject(new WalletNotReadyError());
  }

  disconnect(): Promise<void> {
    return Promise.resolve();
  }

  sendTransaction(): Promise<never> {
    return Promise.reject(new WalletNotReadyError());
  }
}

export function createDefaultAddressSelector(): unknown {
  return { select: (addresses: string[]) => Promise.resolve(addresses[0]) };
}

export function createDefaultAuthorizationResultCache(): unknown {
  return {
    clear: () => Promise.resolve(),
    get: () => Promise.resolve(undefined),
    set: () => Promise.resolve(),
  };
}

export function createDefaultWalletNotFoundHandler(): () => Promise<void> {
  return () => Promise.resolve();
}
