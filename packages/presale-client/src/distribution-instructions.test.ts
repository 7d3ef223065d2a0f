import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { MAX_DISTRIBUTE_BUYERS, PresaleInstruction } from './constants';
import { buildDistributeInstruction } from './distribution-instructions';
import { findBuyerRecordAddress } from './pda';

const key = () => Keypair.generate().publicKey;
const vault = { programId: key(), presale: key(), tempTokenAccount: key(), mint: key() };

describe('buildDistributeInstruction', () => {
  it('names the head, then each buyer’s record and associated token account', () => {
    const buyers = [key(), key()];
    const ix = buildDistributeInstruction({ ...vault, buyers: buyers.map((buyer) => ({ buyer })) });
    expect(Array.from(ix.data)).toEqual([PresaleInstruction.Distribute]);
    expect(ix.keys).toHaveLength(5 + 4);
    buyers.forEach((buyer, i) => {
      const [record] = findBuyerRecordAddress(vault.programId, vault.presale, buyer);
      expect(ix.keys[5 + 2 * i]?.pubkey.equals(record)).toBe(true);
      expect(
        ix.keys[6 + 2 * i]?.pubkey.equals(getAssociatedTokenAddressSync(vault.mint, buyer)),
      ).toBe(true);
    });
    expect(ix.keys.slice(5).every((meta) => meta.isWritable && !meta.isSigner)).toBe(true);
  });

  it('names an authority, record and token account given as they are, deriving none', () => {
    const target = { buyer: key(), buyerRecord: key(), buyerTokenAccount: key() };
    const authority = key();
    const ix = buildDistributeInstruction({ ...vault, authority, buyers: [target] });
    expect(ix.keys[2]?.pubkey.equals(authority)).toBe(true);
    expect(ix.keys[5]?.pubkey.equals(target.buyerRecord)).toBe(true);
    expect(ix.keys[6]?.pubkey.equals(target.buyerTokenAccount)).toBe(true);
  });

  it.each([0, MAX_DISTRIBUTE_BUYERS + 1])('refuses %i buyers', (count) => {
    const buyers = Array.from({ length: count }, () => ({ buyer: key() }));
    expect(() => buildDistributeInstruction({ ...vault, buyers })).toThrow(
      `Distribute takes 1 to ${MAX_DISTRIBUTE_BUYERS} buyers, got ${count}`,
    );
  });
});
