/**
 * Android's Mobile Wallet Adapter as a Wallet Standard wallet ('Mobile Wallet Adapter' in the
 * picker): it hands the transaction to the wallet app installed on the phone (Phantom, Solflare,
 * Seed Vault, …) without leaving the page. Loaded only on Android (see `loadMobileWallet` in
 * mobile-wallet-loader.ts), in its own chunk, so desktop and iPhone visitors never download it.
 */
import type { Cluster } from '@fbt/domain';
import {
  createDefaultAuthorizationCache,
  createDefaultChainSelector,
  createDefaultWalletNotFoundHandler,
  registerMwa,
} from '@solana-mobile/wallet-standard-mobile';

/** The Wallet Standard chain of a cluster (`solana:mainnet`, `solana:devnet`, …). */
export function chainOf(cluster: Cluster): `solana:${string}` {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;
}

let registered = false;

/**
 * Registers Mobile Wallet Adapter once for this page: our app identity (name, site, icon) shown
 * by the wallet app, the presale's chain, authorizations remembered in localStorage (so a
 * returning buyer is not asked again), and the library's 'no wallet app found' sheet when the
 * phone has none.
 */
export function registerMobileWallet(cluster: Cluster, origin: string): void {
  if (registered) return;
  registered = true;
  registerMwa({
    appIdentity: {
      name: 'Frustrated Beast Token',
      uri: origin,
      icon: 'favicon.svg',
    },
    authorizationCache: createDefaultAuthorizationCache(),
    chains: [chainOf(cluster)],
    chainSelector: createDefaultChainSelector(),
    onWalletNotFound: createDefaultWalletNotFoundHandler(),
  });
}
