/**
 * Shared set-up of the leader route tests: a test world whose leader presale has the leader
 * record `beast42` on its (fake) chain, leader buys through records observed there, and report
 * bodies.
 */
import { randomAddress, randomSignature } from '@fbt/adapters/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { ObservedTransaction, OnChainLeaderRecord } from '@fbt/domain';
import { computeLeaderCommission } from '@fbt/domain';
import { createTestWorld, SOL, startApp, type TestWorld } from './test-world';

export const leaderWallet = randomAddress();
export const buyer = randomAddress();

type FoundTransaction = Extract<ObservedTransaction, { status: 'found' }>;

/**
 * Registers `code` on the world's leader presale, as the seller's RegisterLeader does: a leader
 * record paying `wallet`, counted in the presale's `leaderCount`.
 */
export function addLeaderRecord(
  world: TestWorld,
  code: string,
  wallet: string = randomAddress(),
): OnChainLeaderRecord {
  const presale = world.deployment.presales.leader.address;
  const record: OnChainLeaderRecord = {
    address: randomAddress(),
    presale,
    wallet,
    code,
    active: true,
    volumeLamports: 0n,
    buys: 0n,
    earnedLamports: 0n,
    claimedLamports: 0n,
  };
  world.leaderRecords.set(record.address, record);
  const snapshot = world.presales.get(presale);
  if (snapshot !== undefined) {
    const leaderCount = snapshot.rules.leaderCount + 1n;
    world.presales.set(presale, { ...snapshot, rules: { ...snapshot.rules, leaderCount } });
  }
  return record;
}

/** The leader record of `code` on the world's leader presale. */
export function recordOf(world: TestWorld, code: string): OnChainLeaderRecord {
  const record = [...world.leaderRecords.values()].find((candidate) => candidate.code === code);
  if (record === undefined) throw new Error(`no leader record for ${code}`);
  return record;
}

/** A fresh world with `beast42` (paying {@link leaderWallet}) on chain, and its app. */
export async function startLeaderApp(): Promise<{ world: TestWorld; app: FastifyInstance }> {
  const world = createTestWorld();
  addLeaderRecord(world, 'beast42', leaderWallet);
  const app = await startApp(world);
  return { world, app };
}

/** What a leader buy is made of: the amount and the code whose record it names. */
export interface LeaderBuyOptions extends Partial<FoundTransaction> {
  /** Default 2 SOL. */
  readonly lamports?: bigint;
  /** Default `beast42`. */
  readonly code?: string;
}

/**
 * A confirmed BuyWith of {@link buyer} on the leader presale through `code`'s record (2 SOL
 * through `beast42` by default), in which the program moved the 10% commission into the record.
 */
export function leaderBuyIn(world: TestWorld, options: LeaderBuyOptions = {}): ObservedTransaction {
  const { lamports = 2n * SOL, code = 'beast42', ...overrides } = options;
  const record = recordOf(world, code);
  return {
    status: 'found',
    signature: randomSignature(),
    slot: 321,
    blockTime: 1_790_000_000,
    error: null,
    signers: [buyer],
    buys: [
      {
        presale: world.deployment.presales.leader.address,
        buyer,
        lamports,
        leaderRecord: record.address,
      },
    ],
    lamportDeltas: { [record.address]: computeLeaderCommission(lamports) },
    ...overrides,
  };
}

/**
 * Puts a transaction on the world's chain, as the program ran it: a successful buy through a
 * leader record of its presale adds to the record's totals. Returns its signature.
 */
export function addTransactionTo(world: TestWorld, tx: ObservedTransaction): string {
  const signature = tx.status === 'found' ? tx.signature : randomSignature();
  world.transactions.set(signature, tx);
  if (tx.status !== 'found' || tx.error !== null) return signature;
  for (const buy of tx.buys) {
    const record = world.leaderRecords.get(buy.leaderRecord ?? '');
    if (record === undefined || record.presale !== buy.presale) continue;
    const commission = computeLeaderCommission(buy.lamports);
    world.leaderRecords.set(record.address, {
      ...record,
      buys: record.buys + 1n,
      volumeLamports: record.volumeLamports + buy.lamports,
      earnedLamports: record.earnedLamports + commission,
    });
  }
  return signature;
}

/** `POST /api/v1/leader-reports` with a JSON body. */
export function postReport(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/leader-reports', payload: payload as object });
}

/** A report of {@link buyer}'s 2 SOL buy for `beast42`. */
export function reportBody(signature: string, extra: Record<string, unknown> = {}) {
  return {
    signature,
    wallet: buyer,
    leaderCode: 'beast42',
    lamports: (2n * SOL).toString(),
    ...extra,
  };
}

/** A fresh leader app per test, and the helpers bound to it. */
export interface LeaderSession {
  readonly app: FastifyInstance;
  readonly world: TestWorld;
  /** {@link leaderBuyIn} on this test's world. */
  leaderBuy(options?: LeaderBuyOptions): ObservedTransaction;
  /** {@link addTransactionTo} this test's world. */
  addTransaction(tx: ObservedTransaction): string;
  /** {@link postReport} to this test's app. */
  report(payload: unknown): ReturnType<typeof postReport>;
  /** Closes this test's app and starts another on the same world with these overrides. */
  restartApp(overrides: Parameters<typeof startApp>[1]): Promise<void>;
}

/** Registers beforeEach/afterEach hooks giving every test its own {@link startLeaderApp}. */
export function useLeaderApp(): LeaderSession {
  let current: { world: TestWorld; app: FastifyInstance } | undefined;
  beforeEach(async () => {
    current = await startLeaderApp();
  });
  afterEach(async () => {
    await current?.app.close();
    current = undefined;
  });
  const started = () => {
    if (current === undefined) throw new Error('leader app not started');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get world() {
      return started().world;
    },
    leaderBuy: (options) => leaderBuyIn(started().world, options),
    addTransaction: (tx) => addTransactionTo(started().world, tx),
    report: (payload) => postReport(started().app, payload),
    async restartApp(overrides) {
      const { world, app } = started();
      await app.close();
      current = { world, app: await startApp(world, overrides) };
    },
  };
}
