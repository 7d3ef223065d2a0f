import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ObservedTransaction } from '@fbt/domain';
import {
  addTransactionTo,
  buyer,
  leaderBuyIn,
  postReport,
  reportBody,
  startLeaderApp,
} from './leader-fixture';
import { randomAddress, settle, SOL, startApp, type TestWorld } from './helper';

let app: FastifyInstance;
let world: TestWorld;
beforeEach(async () => {
  ({ world, app } = await startLeaderApp());
});
afterEach(async () => {
  await app.close();
});

const leaderBuy = (overrides?: Parameters<typeof leaderBuyIn>[1]) => leaderBuyIn(world, overrides);
const addTransaction = (tx: ObservedTransaction) => addTransactionTo(world, tx);
const report = (payload: unknown) => postReport(app, payload);
const body = reportBody;

describe('leader totals, leaderboard and the reconciler', () => {
  it('GET /api/v1/leaders/:code returns totals and recent buys; unknown and malformed codes are coded', async () => {
    const signature = addTransaction(leaderBuy());
    await report(body(signature));
    const response = await app.inject('/api/v1/leaders/beast42');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'beast42',
      buys: 1,
      totalLamports: '2000000000',
      commissionLamports: '200000000',
      recent: [{ signature }],
    });
    expect((await app.inject('/api/v1/leaders/nobody')).json()).toMatchObject({
      error: { code: 'LEADER__UNKNOWN' },
    });
    const bad = await app.inject('/api/v1/leaders/a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'LEADER__INVALID_CODE' } });
  });

  it('GET /api/v1/leaderboard ranks leaders and validates the limit', async () => {
    await world.ledger.registerLeader({ code: 'second', wallet: randomAddress() });
    addTransaction(
      leaderBuy({
        memos: ['fbt:leader:second'],
        buys: [{ presale: world.deployment.presales.leader.address, buyer, lamports: 5n * SOL }],
      }),
    );
    addTransaction(leaderBuy());
    const outcome = await app.leaderService.reconcile();
    expect(outcome).toEqual({ examined: 2, recorded: 2 });
    const board = await app.inject('/api/v1/leaderboard?limit=5');
    expect(
      board.json<{ leaders: { code: string }[] }>().leaders.map((leader) => leader.code),
    ).toEqual(['second', 'beast42']);
    expect((await app.inject('/api/v1/leaderboard?limit=0')).statusCode).toBe(400);
  });

  it('the reconciler records unreported verified leader buys once and skips everything else', async () => {
    const good = addTransaction(leaderBuy());
    addTransaction(leaderBuy({ memos: [] }));
    addTransaction(leaderBuy({ error: 'failed' }));
    addTransaction(leaderBuy({ memos: ['fbt:leader:ghost1'] }));
    expect(await app.leaderService.reconcile()).toEqual({ examined: 4, recorded: 1 });
    expect((await world.ledger.findBuy(good))?.source).toBe('reconciler');
    // Settled signatures are not fetched again; the unknown code stays open in case it is registered.
    expect(await app.leaderService.reconcile()).toEqual({ examined: 1, recorded: 0 });
    await world.ledger.registerLeader({ code: 'ghost1', wallet: randomAddress() });
    expect(await app.leaderService.reconcile()).toEqual({ examined: 1, recorded: 1 });
  });

  it('the reconciler pages back through a burst larger than one page, and stops at known ones', async () => {
    for (let i = 0; i < 25; i++) addTransaction(leaderBuy());
    expect(await app.leaderService.reconcile(10)).toEqual({ examined: 25, recorded: 25 });
    for (let i = 0; i < 3; i++) addTransaction(leaderBuy());
    expect(await app.leaderService.reconcile(10)).toEqual({ examined: 3, recorded: 3 });
    expect((await world.ledger.getLeaderSummary('beast42'))?.buys).toBe(28);
  });

  it('runs the reconciler on its schedule when enabled', async () => {
    await app.close();
    const { TEST_SETTINGS } = await import('./helper');
    app = await startApp(world, { settings: { ...TEST_SETTINGS, reconcileIntervalMs: 60_000 } });
    const signature = addTransaction(leaderBuy());
    world.scheduler.tick(60_000);
    await settle();
    await settle();
    expect((await world.ledger.findBuy(signature))?.source).toBe('reconciler');
  });
});
