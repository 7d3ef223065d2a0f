import {
  findAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  isPreparedFor,
  newerBlockhash,
  preparePurchase,
  PREPARED_MAX_AGE_MS,
  withUnusedBlockhash,
} from './prepare-purchase';
import type { PurchaseConnection } from './purchase-connection';

const target = {
  buyer: Keypair.generate().publicKey,
  presale: Keypair.generate().publicKey,
  mint: Keypair.generate().publicKey,
  tokenProgram: TOKEN_PROGRAM_ID,
};

function countingConnection(tokenAccount: object | null) {
  const calls: string[] = [];
  const connection = {
    getAccountInfo: () => {
      calls.push('getAccountInfo');
      return Promise.resolve(tokenAccount);
    },
    getRecentPrioritizationFees: () => {
      calls.push('getRecentPrioritizationFees');
      return Promise.resolve([
        { slot: 1, prioritizationFee: 0 },
        { slot: 2, prioritizationFee: 70 },
      ]);
    },
    getLatestBlockhash: () => {
      calls.push('getLatestBlockhash');
      return Promise.resolve({ blockhash: 'hash-1', lastValidBlockHeight: 150 });
    },
  } as unknown as PurchaseConnection;
  return { connection, calls };
}

describe('reading a purchase ahead', () => {
  it('reads blockhash, token account and fees in one parallel round and stamps the time', async () => {
    const { connection, calls } = countingConnection(null);
    const prepared = await preparePurchase(connection, target, () => 1_000);
    expect(prepared).toEqual({
      buyer: target.buyer.toBase58(),
      presale: target.presale.toBase58(),
      mint: target.mint.toBase58(),
      tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      blockhash: 'hash-1',
      lastValidBlockHeight: 150,
      tokenAccountExists: false,
      recentFees: [0, 70],
      lookupTableAddress: null,
      lookupTable: null,
      readAt: 1_000,
    });
    expect(calls.sort()).toEqual([
      'getAccountInfo',
      'getLatestBlockhash',
      'getRecentPrioritizationFees',
    ]);
    expect(
      (await preparePurchase(countingConnection({}).connection, target)).tokenAccountExists,
    ).toBe(true);
  });

  it('reads the mint’s token program first when not given, and looks for the Token-2022 account of a Token-2022 mint', async () => {
    const asked: string[] = [];
    const connection = {
      getAccountInfo: (key: PublicKey) => {
        asked.push(key.toBase58());
        return Promise.resolve(key.equals(target.mint) ? { owner: TOKEN_2022_PROGRAM_ID } : null);
      },
      getRecentPrioritizationFees: () => Promise.resolve([]),
      getLatestBlockhash: () => Promise.resolve({ blockhash: 'hash-1', lastValidBlockHeight: 150 }),
    } as unknown as PurchaseConnection;
    const { tokenProgram: _known, ...unknown } = target;
    const prepared = await preparePurchase(connection, unknown);
    expect(prepared.tokenProgram).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    const account = findAssociatedTokenAddress({
      owner: target.buyer,
      mint: target.mint,
      tokenProgram: TOKEN_2022_PROGRAM_ID,
    });
    expect(asked).toEqual([target.mint.toBase58(), account.toBase58()]);
    expect(isPreparedFor(prepared, unknown, prepared.readAt)).toBe(true);
    expect(isPreparedFor(prepared, target, prepared.readAt)).toBe(false);
  });

  it('is used only for the same buyer, presale and mint, and while fresh', async () => {
    const prepared = await preparePurchase(countingConnection({}).connection, target, () => 5_000);
    expect(isPreparedFor(prepared, target, 5_000)).toBe(true);
    expect(isPreparedFor(prepared, target, 5_000 + PREPARED_MAX_AGE_MS)).toBe(true);
    expect(isPreparedFor(prepared, target, 5_001 + PREPARED_MAX_AGE_MS)).toBe(false);
    expect(isPreparedFor(prepared, target, 4_999)).toBe(false);
    expect(isPreparedFor(prepared, { ...target, buyer: Keypair.generate().publicKey }, 5_000)).toBe(
      false,
    );
    expect(isPreparedFor(prepared, { ...target, presale: target.mint }, 5_000)).toBe(false);
    expect(isPreparedFor(undefined, target, 5_000)).toBe(false);
  });
});

describe('a blockhash newer than the last purchase or claim', () => {
  /** getLatestBlockhash answers from `hashes` in turn (the last one repeats). */
  function hashes(...answers: string[]) {
    let calls = 0;
    const connection = {
      getLatestBlockhash: () => {
        const blockhash = answers[Math.min(calls, answers.length - 1)] ?? '';
        calls++;
        return Promise.resolve({ blockhash, lastValidBlockHeight: 100 + calls });
      },
    } as unknown as PurchaseConnection;
    return { connection, calls: () => calls };
  }

  it('is read at once when the chain has moved on', async () => {
    const slept: number[] = [];
    const { connection, calls } = hashes('hash-2');
    expect(
      await newerBlockhash(connection, 'hash-1', (ms) => (slept.push(ms), Promise.resolve())),
    ).toEqual({
      blockhash: 'hash-2',
      lastValidBlockHeight: 101,
    });
    expect(calls()).toBe(1);
    expect(slept).toEqual([]);
  });

  it('waits for the next slot while the chain still gives the last purchase its blockhash', async () => {
    const slept: number[] = [];
    const { connection } = hashes('hash-1', 'hash-1', 'hash-3');
    const newer = await newerBlockhash(
      connection,
      'hash-1',
      (ms) => (slept.push(ms), Promise.resolve()),
    );
    expect(newer.blockhash).toBe('hash-3');
    expect(slept).toEqual([100, 100]);
  });

  it("gives up with 'Blockhash not found' (shown as 'Please try again') when the chain never moves", async () => {
    const { connection, calls } = hashes('hash-1');
    await expect(newerBlockhash(connection, 'hash-1', () => Promise.resolve())).rejects.toThrow(
      /^Blockhash not found/,
    );
    expect(calls()).toBe(20);
  });
  it('keeps what was read unless its blockhash is the previous one, then takes a newer one', async () => {
    const read = { blockhash: 'hash-1', lastValidBlockHeight: 50, tokenAccountExists: true };
    const unchanged = hashes('hash-9');
    expect(await withUnusedBlockhash(unchanged.connection, read, 'hash-0')).toBe(read);
    expect(await withUnusedBlockhash(unchanged.connection, read, undefined)).toBe(read);
    expect(unchanged.calls()).toBe(0);
    const { connection } = hashes('hash-1', 'hash-2');
    expect(await withUnusedBlockhash(connection, read, 'hash-1', () => Promise.resolve())).toEqual({
      blockhash: 'hash-2',
      lastValidBlockHeight: 102,
      tokenAccountExists: true,
    });
  });
});
