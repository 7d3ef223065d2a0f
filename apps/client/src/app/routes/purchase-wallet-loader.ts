// Type only: the module itself is imported below, last.
import type * as PurchaseWalletModule from './presale-purchase';

/** A new task: the browser paints and handles input before the next step runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The presale pages' wallet side (`presale-purchase.tsx`), loaded in three steps, each
 * evaluated in a task of its own with the browser free in between: web3.js (with the Buffer
 * shim), then the wallet feature (adapters, wallet-adapter-react, the purchase flow), then the
 * route's wallet module itself. Evaluated at once it was one long task (a few hundred
 * milliseconds of a throttled phone's main thread) in which a tap or a frame had to wait.
 * The later steps' chunks are fetched when their step starts; the first is the largest.
 */
export async function loadPurchaseWallet(): Promise<typeof PurchaseWalletModule> {
  await import('../../features/wallet/lib/solana-web3');
  await nextTask();
  await import('../../features/wallet');
  await nextTask();
  return import('./presale-purchase');
}
