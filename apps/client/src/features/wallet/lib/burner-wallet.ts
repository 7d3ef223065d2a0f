import { createKeypairWallet } from '@fbt/keypair-wallet';
import { Keypair } from '@solana/web3.js';
import { registerWallet } from '@wallet-standard/wallet';
import { BURNER_WALLET_NAME } from './wallet-options';

const STORAGE_KEY = 'fbt.burnerSecretKey';
const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzE0ZjE5NSIvPjxwYXRoIGQ9Ik0xNiA2YzMgNCA2IDcgNiAxMWE2IDYgMCAwIDEtMTIgMGMwLTMgMi01IDMtN2wxIDRjMS0zIDEtNSAyLTh6IiBmaWxsPSIjMGIwZTFhIi8+PC9zdmc+' as const;

let registered = false;

function loadSecretKey(storage: Storage): Uint8Array {
  try {
    const stored = storage.getItem(STORAGE_KEY);
    if (stored !== null) {
      const bytes = Uint8Array.from(JSON.parse(stored) as number[]);
      if (bytes.length === 64) return bytes;
    }
  } catch {
    // A corrupt entry is replaced by a fresh key below.
  }
  const secretKey = Keypair.generate().secretKey;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify([...secretKey]));
  } catch {
    // Private mode: the burner lives for this page only.
  }
  return secretKey;
}

/**
 * Registers the burner wallet (a Wallet Standard wallet signing with a key kept in this
 * browser). Only ever called when the site's config says the cluster is `localnet`: it is a
 * developer convenience, never offered on a real cluster. Fund it with the operator CLI.
 */
export function registerBurnerWallet(): void {
  if (registered) return;
  registered = true;
  registerWallet(
    createKeypairWallet({
      name: BURNER_WALLET_NAME,
      icon: ICON,
      secretKey: loadSecretKey(window.localStorage),
      chains: ['solana:localnet'],
    }),
  );
}
