import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  fetchBuyerRecord,
  fetchPresaleAccount,
  PresaleAccountOwnerError,
} from '@fbt/presale-client';
import { createSvmAccountSource } from './support/index';
import { buy, createFundedKeypair, createPresale } from './support/harness';

describe('account fetchers (reading a real litesvm chain)', () => {
  it('return the decoded presale and, before any purchase, null for the buyer record', async () => {
    const chain = createPresale('v3');
    const source = createSvmAccountSource(chain.svm);
    const buyer = createFundedKeypair(chain.svm, 5n);
    const { programId, presale } = chain.fixture;

    expect((await fetchPresaleAccount(source, programId, presale))?.currentTotalSold).toBe(0n);
    expect(await fetchBuyerRecord(source, programId, presale, buyer.publicKey)).toBeNull();

    expect(buy(chain, buyer, LAMPORTS_PER_SOL).error).toBe('');
    expect(
      (await fetchBuyerRecord(source, programId, presale, buyer.publicKey))?.fbtBuyedAmount,
    ).toBe(LAMPORTS_PER_SOL);
    expect((await fetchPresaleAccount(source, programId, presale))?.currentTotalSold).toBe(
      LAMPORTS_PER_SOL,
    );
  });

  it('return null for a missing presale and refuse an account of another program', async () => {
    const chain = createPresale('v0');
    const source = createSvmAccountSource(chain.svm);
    expect(
      await fetchPresaleAccount(source, chain.programId, Keypair.generate().publicKey),
    ).toBeNull();
    await expect(
      fetchPresaleAccount(source, chain.programId, chain.fixture.tempTokenAccount),
    ).rejects.toThrow(PresaleAccountOwnerError);
  });
});
