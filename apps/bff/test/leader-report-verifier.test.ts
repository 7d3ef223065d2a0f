/**
 * The report verifier on its own, over the test world's (fake) chain and an in-memory SQLite
 * ledger: a report is an acknowledgement checked against the transaction and the leader record
 * it names, indexed once, and a chain that cannot be read is told apart from a ledger failure.
 */
import { randomAddress, randomSignature } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import {
  createLeaderReportVerifier,
  type LeaderReportVerifierOptions,
} from '../src/services/leader-report-verifier';
import {
  addLeaderRecord,
  addTransactionTo,
  buyer,
  leaderBuyIn,
  leaderWallet,
  recordOf,
} from './support/leader-fixture';
import { createTestWorld, depsFor, SOL, type TestWorld } from './support/test-world';

/** A test world with `beast42` (paying {@link leaderWallet}) on its leader presale. */
function leaderWorld(): TestWorld {
  const world = createTestWorld();
  addLeaderRecord(world, 'beast42', leaderWallet);
  return world;
}

/** A verifier over `world`'s chain and ledger, its chain reads counted and failures kept. */
function verifierFor(world: TestWorld, overrides: Partial<LeaderReportVerifierOptions> = {}) {
  const deps = depsFor(world);
  const reads = { transactions: 0, records: 0 };
  const failures: string[] = [];
  const verifier = createLeaderReportVerifier({
    ledger: world.ledger,
    chain: {
      ...deps.verifier,
      observeTransaction: (signature) => {
        reads.transactions++;
        return deps.verifier.observeTransaction(signature);
      },
    },
    leaderRecords: {
      readLeaderRecordAt: (address) => {
        reads.records++;
        return deps.leaderRecords.readLeaderRecordAt(address);
      },
    },
    leaderPresale: world.deployment.presales.leader.address,
    onError: (_error, operation) => failures.push(operation),
    ...overrides,
  });
  return { verifier, reads, failures };
}

/** A world with `beast42` on chain, and a verifier over it. */
function setUp(overrides: Partial<LeaderReportVerifierOptions> = {}) {
  const world = leaderWorld();
  return { world, ...verifierFor(world, overrides) };
}

const claimOf = (signature: string, extra: object = {}) => ({
  signature,
  wallet: buyer,
  leaderCode: 'beast42',
  lamports: 2n * SOL,
  ...extra,
});

describe('the leader report verifier', () => {
  it('acknowledges a buy through a leader record and indexes the record’s leader with it', async () => {
    const { world, verifier } = setUp();
    const signature = addTransactionTo(world, leaderBuyIn(world));
    const outcome = await verifier.report(claimOf(signature));
    const record = recordOf(world, 'beast42');
    expect(outcome).toMatchObject({
      kind: 'recorded',
      buy: {
        signature,
        leaderCode: 'beast42',
        commissionLamports: SOL / 5n,
        record: record.address,
        source: 'report',
      },
    });
    expect(await world.ledger.findLeader('beast42')).toMatchObject({
      wallet: leaderWallet,
      record: record.address,
    });
  });

  it('answers a replay from the ledger without reading the chain, and refuses other facts', async () => {
    const { world, verifier, reads } = setUp();
    const signature = addTransactionTo(world, leaderBuyIn(world));
    await verifier.report(claimOf(signature));
    const before = { ...reads };
    expect(await verifier.report(claimOf(signature))).toMatchObject({ kind: 'already-recorded' });
    expect(reads).toEqual(before);
    for (const [extra, code] of [
      [{ wallet: randomAddress() }, 'LEADER_REPORT__SIGNER_MISMATCH'],
      [{ lamports: SOL }, 'LEADER_REPORT__AMOUNT_MISMATCH'],
      [{ leaderCode: 'other77' }, 'LEADER_REPORT__MEMO_MISMATCH'],
      [{ claimedCommissionLamports: 1n }, 'LEADER_REPORT__COMMISSION_MISMATCH'],
    ] as const) {
      expect(await verifier.report(claimOf(signature, extra))).toMatchObject({
        kind: 'rejected',
        code,
        retryable: false,
      });
    }
  });

  it('re-reads a transaction the chain does not show after each delay, then asks for a retry', async () => {
    const slept: number[] = [];
    const { verifier, reads } = setUp({
      notFoundRetryDelaysMs: [5, 10],
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    expect(await verifier.report(claimOf(randomSignature()))).toMatchObject({
      kind: 'rejected',
      code: 'LEADER_REPORT__TX_NOT_FOUND',
      retryable: true,
    });
    expect(slept).toEqual([5, 10]);
    expect(reads.transactions).toBe(3);
  });

  it('refuses a buy through no record without reading any record', async () => {
    const { world, verifier, reads } = setUp();
    const presale = world.deployment.presales.leader.address;
    const signature = addTransactionTo(
      world,
      leaderBuyIn(world, { buys: [{ presale, buyer, lamports: 2n * SOL }] }),
    );
    expect(await verifier.report(claimOf(signature))).toMatchObject({
      kind: 'rejected',
      code: 'LEADER_REPORT__NO_LEADER_RECORD',
    });
    expect(reads.records).toBe(0);
    expect(await world.ledger.findBuy(signature)).toBeNull();
  });

  it('refuses a buy through a record of another presale', async () => {
    const { world, verifier } = setUp();
    const foreign = {
      ...recordOf(world, 'beast42'),
      address: randomAddress(),
      presale: randomAddress(),
    };
    world.leaderRecords.set(foreign.address, foreign);
    const presale = world.deployment.presales.leader.address;
    const signature = addTransactionTo(
      world,
      leaderBuyIn(world, {
        buys: [{ presale, buyer, lamports: 2n * SOL, leaderRecord: foreign.address }],
        lamportDeltas: { [foreign.address]: SOL / 5n },
      }),
    );
    expect(await verifier.report(claimOf(signature))).toMatchObject({
      kind: 'rejected',
      code: 'LEADER_REPORT__INVALID_LEADER_RECORD',
    });
    expect(await world.ledger.findLeader('beast42')).toBeNull();
  });

  it('answers unavailable when the transaction cannot be read, recording nothing', async () => {
    const { world, verifier, failures } = setUp();
    const signature = addTransactionTo(world, leaderBuyIn(world));
    world.chainDown = true;
    expect(await verifier.report(claimOf(signature))).toMatchObject({ kind: 'unavailable' });
    expect(failures).toEqual(['observeTransaction']);
    expect(await world.ledger.findBuy(signature)).toBeNull();
  });

  it('answers unavailable when the record cannot be read, recording nothing', async () => {
    const world = leaderWorld();
    const signature = addTransactionTo(world, leaderBuyIn(world));
    const { verifier, failures } = verifierFor(world, {
      leaderRecords: { readLeaderRecordAt: () => Promise.reject(new Error('RPC down')) },
    });
    expect(await verifier.report(claimOf(signature))).toMatchObject({ kind: 'unavailable' });
    expect(failures).toEqual(['readLeaderRecord']);
    expect(await world.ledger.getStats()).toMatchObject({ leaders: 0, buys: 0 });
  });

  it('lets a ledger failure through: it is not the chain’s, and is answered as the ledger’s', async () => {
    const world = leaderWorld();
    const signature = addTransactionTo(world, leaderBuyIn(world));
    const failing: LeaderLedger = Object.assign(Object.create(world.ledger) as LeaderLedger, {
      recordBuy: () => Promise.reject(new Error('LEDGER__UNAVAILABLE (engine: test)')),
    });
    const { verifier, failures } = verifierFor(world, { ledger: failing });
    await expect(verifier.report(claimOf(signature))).rejects.toThrow(/LEDGER__UNAVAILABLE/);
    expect(failures).toEqual([]);
  });
});
