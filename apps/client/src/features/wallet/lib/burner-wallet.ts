import { createKeypairWallet } from '@fbt/keypair-wallet';
import { Keypair } from '@solana/web3.js';
import { registerWallet } from '@wallet-standard/wallet';
import { BURNER_WALLET_NAME } from './wallet-options';

const STORAGE_KEY = 'fbt.burnerSecretKey';
const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzE0ZjE5NSIvPjxwYXRoIGQ9Ik0xNiA2YzMgNCA2IDcgNiAxMWE2IDYgMCAwIDEtMTIgMGMwLTMgMi01IDMtN2wxIDRjMS0zIDEtNSAyLTh6IiBmaWxsPSIjMGIwZTFhIi8+PC9zdmc+' as const;

let registered = false;

/** Ed25519 PKCS#8 private keys end with the 32-byte seed. */
const PKCS8_ED25519_BYTES = 48;

/**
 * A fresh Solana secret key (seed then public key, 64 bytes). Made by the browser's Web Crypto
 * Ed25519 when it has it: native, where web3.js's `Keypair.generate()` spends a few hundred
 * milliseconds of a phone's main thread building the curve's tables on first use.
 */
export async function generateSecretKey(): Promise<Uint8Array> {
  try {
    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    if (pkcs8.length !== PKCS8_ED25519_BYTES || publicKey.length !== 32) {
      throw new Error(`unexpected Ed25519 key sizes ${pkcs8.length}/${publicKey.length}`);
    }
    const secretKey = new Uint8Array(64);
    secretKey.set(pkcs8.subarray(PKCS8_ED25519_BYTES - 32), 0);
    secretKey.set(publicKey, 32);
    return secretKey;
  } catch {
    // No Ed25519 in Web Crypto (older browsers, or no secure context): web3.js makes one.
    return Keypair.generate().secretKey;
  }
}

async function loadSecretKey(storage: Storage): Promise<Uint8Array> {
  try {
    const stored = storage.getItem(STORAGE_KEY);
    if (stored !== null) {
      const bytes = Uint8Array.from(JSON.parse(stored) as number[]);
      if (bytes.length === 64) return bytes;
    }
  } catch {
    // A corrupt entry is replaced by a fresh key below.
  }
  const secretKey = await generateSecretKey();
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
export async function registerBurnerWallet(): Promise<void> {
  if (registered) return;
  registered = true;
  const secretKey = await loadSecretKey(window.localStorage);
  registerWallet(
    createKeypairWallet({
      name: BURNER_WALLET_NAME,
      icon: ICON,
      secretKey,
      chains: ['solana:localnet'],
    }),
  );
}
