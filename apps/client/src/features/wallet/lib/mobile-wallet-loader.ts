import type { Cluster } from '@fbt/domain';
import { canUseMobileWalletAdapter, detectPhoneBrowser } from './phone-browser';

/**
 * Registers Mobile Wallet Adapter when this browser can use it (Android's own browser), loading
 * it on demand: elsewhere the import never runs and its chunk is never requested.
 * Resolves true when it was registered.
 */
export async function loadMobileWallet(
  cluster: Cluster,
  userAgent: string = navigator.userAgent,
): Promise<boolean> {
  if (!canUseMobileWalletAdapter(detectPhoneBrowser(userAgent))) return false;
  const { registerMobileWallet } = await import('./mobile-wallet');
  registerMobileWallet(cluster, window.location.origin);
  return true;
}
