import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buyerRecordAddress,
  buyerRecordSeed,
  findAuthorityAddress,
  findBuyerRecordAddress,
} from './pda';

const programId = Keypair.generate().publicKey;
const presale = Keypair.generate().publicKey;

describe('buyer record address', () => {
  it('is createAccountWithSeed’s address from the presale’s authority, as web3.js derives it', async () => {
    const [authority] = findAuthorityAddress(programId, presale);
    for (let i = 0; i < 8; i++) {
      const buyer = Keypair.generate().publicKey;
      const [record, bump] = findBuyerRecordAddress(programId, presale, buyer);
      const expected = await PublicKey.createWithSeed(authority, buyerRecordSeed(buyer), programId);
      expect(record.toBase58()).toBe(expected.toBase58());
      expect(bump).toBe(0);
      expect(buyerRecordAddress(programId, authority, buyer).toBase58()).toBe(expected.toBase58());
    }
  });

  it('seeds with the lowercase hex of the buyer key’s first 16 bytes (32 characters)', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 0xa0) & 0xff);
    const buyer = new PublicKey(bytes);
    const seed = buyerRecordSeed(buyer);
    expect(seed).toBe(Buffer.from(bytes.subarray(0, 16)).toString('hex'));
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
  });

  it('differs per presale, per buyer and per program', () => {
    const buyer = Keypair.generate().publicKey;
    const [record] = findBuyerRecordAddress(programId, presale, buyer);
    const others = [
      findBuyerRecordAddress(programId, Keypair.generate().publicKey, buyer)[0],
      findBuyerRecordAddress(programId, presale, Keypair.generate().publicKey)[0],
      findBuyerRecordAddress(Keypair.generate().publicKey, presale, buyer)[0],
    ];
    for (const other of others) expect(other.equals(record)).toBe(false);
  });
});
