import { buildRegisterLeaderInstruction } from '@fbt/presale-client';
import { Keypair, PACKET_DATA_SIZE, Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { LEADERS_PER_TRANSACTION } from '../src/leader-codes';

describe('leaders register batches', () => {
  it('a full batch of the longest codes fits one transaction packet; ten would not', () => {
    const programId = Keypair.generate().publicKey;
    const seller = Keypair.generate();
    const presale = Keypair.generate().publicKey;
    const size = (count: number) => {
      const tx = new Transaction();
      for (let i = 0; i < count; i++) {
        tx.add(
          buildRegisterLeaderInstruction({
            programId,
            seller: seller.publicKey,
            presale,
            code: `${'x'.repeat(30)}${String(i).padStart(2, '0')}`,
            leaderWallet: Keypair.generate().publicKey,
          }),
        );
      }
      tx.feePayer = seller.publicKey;
      tx.recentBlockhash = Keypair.generate().publicKey.toBase58();
      tx.sign(seller);
      try {
        return tx.serialize().length;
      } catch {
        return Number.POSITIVE_INFINITY;
      }
    };
    expect(size(LEADERS_PER_TRANSACTION)).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    expect(size(10)).toBe(Number.POSITIVE_INFINITY); // the bound is real: 10 do not fit
  });
});
