/**
 * The indexer on its own, over the test world's (fake) chain and an in-memory SQLite ledger:
 * leader buys and commission claims are read from the program's transactions, past durable
 * cursors, with no report needed.
 */
import { randomAddress, randomSignature } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import type { ObservedTransaction, TransactionVerifier } from '@fbt/domain';
import { leaderRecordSet } from '../src/services/leader-record-set';
import { createLeaderIndexer } from '../src/services/leader-indexer';
import {
  addLeaderRecord,
  addTransactionTo,
  buyer,
  leaderBuyIn,
  leaderWallet,
  recordOf,
} from './support/leader-fixture';
import { createTestWorld, depsFor, SOL, type TestWorld } from './support/test-world';

/**
 * A world with `beast42` on chain, and an indexer over it (signature listings counted) whose
 * known records are the world's as each pass starts (as the `leaders` topic holds them once
 * read again).
 */
function setUp(world: TestWorld = createTestWorld()) {
  if (world.leaderRecords.size === 0) addLeaderRecord(world, 'beast42', leaderWallet);
  const deps = depsFor(world);
  const leaderPresale = world.deployment.presales.leader.address;
  const listed: string[] = [];
  const chain: TransactionVerifier = {
    ...deps.verifier,
    listRecentSignatures: (address, limit, page) => {
      listed.push(address);
      return deps.verifier.listRecentSignatures(address, limit, page);
    },
  };
  const indexer = createLeaderIndexer({
    ledger: world.ledger,
    chain,
    leaderRecords: deps.leaderRecords,
    knownRecords: async () =>
      leaderRecordSet(await deps.leaderRecords.listLeaderRecords(leaderPresale)),
    leaderPresale,
  });
  return { world, indexer, listed, leaderPresale };
}

/** A ClaimCommission of `record` signed by `wallet` that moved `lamports` out of the record. */
function claimTx(record: string, wallet: string, lamports: bigint, error: string | null = null) {
  const tx: ObservedTransaction = {
    status: 'found',
    signature: randomSignature(),
    slot: 400,
    blockTime: 1_790_000_100,
    error,
    signers: [wallet],
    buys: [],
    claims: [{ leaderWallet: wallet, leaderRecord: record }],
    lamportDeltas: { [record]: -lamports, [wallet]: lamports - 5_000n },
  };
  return tx;
}

describe('the leader indexer', () => {
  it('indexes a buy through a leader record with no report, naming the record', async () => {
    const { world, indexer } = setUp();
    const signature = addTransactionTo(world, leaderBuyIn(world, { lamports: 3n * SOL }));
    expect(await indexer.reconcile()).toEqual({ examined: 1, recorded: 1, claims: 0 });
    const record = recordOf(world, 'beast42');
    expect(await world.ledger.findBuy(signature)).toMatchObject({
      wallet: buyer,
      leaderCode: 'beast42',
      lamports: 3n * SOL,
      commissionLamports: 3n * (SOL / 10n),
      record: record.address,
      source: 'reconciler',
    });
    expect(await world.ledger.findLeader('beast42')).toMatchObject({
      wallet: leaderWallet,
      record: record.address,
    });
  });

  it('passes over what is no leader buy and moves its cursor past it', async () => {
    const { world, indexer, leaderPresale } = setUp();
    const foreign = addLeaderRecord(world, 'abroad');
    world.leaderRecords.set(foreign.address, { ...foreign, presale: randomAddress() });
    const purchase = { presale: leaderPresale, buyer, lamports: 2n * SOL };
    const skipped = [
      leaderBuyIn(world, { buys: [purchase] }),
      leaderBuyIn(world, { error: '{"InstructionError":[0,{"Custom":6036}]}' }),
      leaderBuyIn(world, { buys: [{ ...purchase, leaderRecord: randomAddress() }] }),
      leaderBuyIn(world, { buys: [{ ...purchase, leaderRecord: foreign.address }] }),
      leaderBuyIn(world, { buys: [{ ...purchase, presale: randomAddress() }] }),
    ].map((tx) => addTransactionTo(world, tx));
    expect(await indexer.reconcile()).toEqual({ examined: 5, recorded: 0, claims: 0 });
    expect((await world.ledger.getStats()).buys).toBe(0);
    expect((await world.ledger.getReconcileCursor(leaderPresale))?.signature).toBe(skipped.at(-1));
    expect(await indexer.reconcile()).toEqual({ examined: 0, recorded: 0, claims: 0 });
  });

  it('stops before a transaction the chain does not show yet, and records it once it does', async () => {
    const { world, indexer, leaderPresale } = setUp();
    const first = addTransactionTo(world, leaderBuyIn(world));
    const lagging = leaderBuyIn(world);
    const laggingSignature = addTransactionTo(world, lagging);
    world.transactions.set(laggingSignature, { status: 'not-found' });
    expect(await indexer.reconcile()).toEqual({ examined: 2, recorded: 1, claims: 0 });
    expect((await world.ledger.getReconcileCursor(leaderPresale))?.signature).toBe(first);
    world.transactions.set(laggingSignature, lagging);
    expect(await indexer.reconcile()).toEqual({ examined: 1, recorded: 1, claims: 0 });
  });

  it('keeps its cursor when the chain fails mid-pass, and finishes on the next pass', async () => {
    const { world, indexer, leaderPresale } = setUp();
    addTransactionTo(world, leaderBuyIn(world));
    world.chainDown = true;
    await expect(indexer.reconcile()).rejects.toThrow(/chain down/);
    expect(await world.ledger.getReconcileCursor(leaderPresale)).toBeNull();
    world.chainDown = false;
    expect(await indexer.reconcile()).toEqual({ examined: 1, recorded: 1, claims: 0 });
  });

  it('records the claims of a record that paid out more than the ledger knows', async () => {
    const { world, indexer, listed } = setUp();
    const record = recordOf(world, 'beast42');
    // No record has paid anything: the records' signatures are not even listed.
    await indexer.reconcile();
    expect(listed.filter((address) => address === record.address)).toEqual([]);

    const stranger = randomAddress();
    addTransactionTo(world, claimTx(record.address, stranger, SOL));
    addTransactionTo(world, claimTx(record.address, leaderWallet, SOL, 'failed'));
    const paid = addTransactionTo(world, claimTx(record.address, leaderWallet, 7n * (SOL / 10n)));
    world.leaderRecords.set(record.address, { ...record, claimedLamports: 7n * (SOL / 10n) });
    const outcome = await indexer.reconcile();
    expect(outcome).toMatchObject({ recorded: 0, claims: 1 });
    expect(await world.ledger.findClaim(paid)).toMatchObject({
      leaderCode: 'beast42',
      wallet: leaderWallet,
      record: record.address,
      lamports: 7n * (SOL / 10n),
    });
    expect(await world.ledger.getClaimTotals('beast42')).toEqual({
      claims: 1,
      lamports: 7n * (SOL / 10n),
    });
    // The ledger now knows all the record paid: its signatures are not listed again.
    const before = listed.length;
    expect(await indexer.reconcile()).toEqual({ examined: 0, recorded: 0, claims: 0 });
    expect(listed.slice(before)).toEqual([world.deployment.presales.leader.address]);
  });

  it('a claim in the same transaction as a buy into the record counts what left the record', async () => {
    const { world, indexer, leaderPresale } = setUp();
    const record = recordOf(world, 'beast42');
    const lamports = 2n * SOL;
    const tx = claimTx(record.address, leaderWallet, SOL);
    if (tx.status !== 'found') throw new Error('unreachable');
    // Bought into the record (+0.2 SOL) and claimed 1.2 SOL out of it: the record lost 1 SOL.
    const both: ObservedTransaction = {
      ...tx,
      buys: [{ presale: leaderPresale, buyer, lamports, leaderRecord: record.address }],
      signers: [leaderWallet, buyer],
    };
    const signature = addTransactionTo(world, both);
    world.leaderRecords.set(record.address, {
      ...recordOf(world, 'beast42'),
      claimedLamports: SOL + SOL / 5n,
    });
    await indexer.reconcile();
    expect(await world.ledger.findClaim(signature)).toMatchObject({ lamports: SOL + SOL / 5n });
  });
});
