import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { generateSecretKey } from './burner-wallet';

describe('generateSecretKey', () => {
  it('makes a valid Solana secret key (seed, then its own public key) with Web Crypto', async () => {
    const secretKey = await generateSecretKey();
    expect(secretKey).toHaveLength(64);
    // fromSecretKey validates that the second half is the public key of the first.
    const keypair = Keypair.fromSecretKey(secretKey);
    expect(keypair.publicKey.toBytes()).toEqual(secretKey.subarray(32));
  });

  it('makes a different key each time', async () => {
    const [a, b] = await Promise.all([generateSecretKey(), generateSecretKey()]);
    expect(a).not.toEqual(b);
  });
});
