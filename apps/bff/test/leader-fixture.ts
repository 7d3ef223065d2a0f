/**
 * Shared set-up of the leader route tests: a test world with the leader `beast42` registered,
 * leader-presale buys observed on the (fake) chain, and report bodies.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { ObservedTransaction } from '@fbt/domain';
import {
  createTestWorld,
  randomAddress,
  randomSignature,
  SOL,
  startApp,
  type TestWorld,
} from './helper';

export const leaderWallet = randomAddress();
export const buyer = randomAddress();

/** A fresh world with `beast42` (owned by {@link leaderWallet}) registered, and its app. */
export async function startLeaderApp(): Promise<{ world: TestWorld; app: FastifyInstance }> {
  const world = createTestWorld();
  await world.ledger.registerLeader({ code: 'beast42', wallet: leaderWallet });
  const app = await startApp(world);
  return { world, app };
}

/** A confirmed 2 SOL buy of {@link buyer} on the leader presale with the `beast42` memo. */
export function leaderBuyIn(
  world: TestWorld,
  overrides: Partial<Extract<ObservedTransaction, { status: 'found' }>> = {},
): ObservedTransaction {
  const signature = overrides.signature ?? randomSignature();
  return {
    status: 'found',
    signature,
    slot: 321,
    blockTime: 1_790_000_000,
    error: null,
    signers: [buyer],
    buys: [{ presale: world.deployment.presales.leader.address, buyer, lamports: 2n * SOL }],
    memos: ['fbt:leader:beast42'],
    ...overrides,
  };
}

/** Puts a transaction on the world's chain; returns its signature. */
export function addTransactionTo(world: TestWorld, tx: ObservedTransaction): string {
  const signature = tx.status === 'found' ? tx.signature : randomSignature();
  world.transactions.set(signature, tx);
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
  leaderBuy(overrides?: Parameters<typeof leaderBuyIn>[1]): ObservedTransaction;
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
    leaderBuy: (overrides) => leaderBuyIn(started().world, overrides),
    addTransaction: (tx) => addTransactionTo(started().world, tx),
    report: (payload) => postReport(started().app, payload),
    async restartApp(overrides) {
      const { world, app } = started();
      await app.close();
      current = { world, app: await startApp(world, overrides) };
    },
  };
}
