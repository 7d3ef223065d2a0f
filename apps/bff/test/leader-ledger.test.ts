import { randomAddress } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import {
  addLeaderRecord,
  buyer,
  recordOf,
  reportBody,
  useLeaderApp,
} from './support/leader-fixture';
import { settle, SOL } from './support/test-world';

const session = useLeaderApp();
const body = reportBody;

describe('leader totals, leaderboard and the reconciler', () => {
  it('GET /api/v1/leaders/:code returns totals and recent buys; unknown and malformed codes are coded', async () => {
    const signature = session.addTransaction(session.leaderBuy());
    await session.report(body(signature));
    const response = await session.app.inject('/api/v1/leaders/beast42');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'beast42',
      buys: 1,
      totalLamports: '2000000000',
      commissionLamports: '200000000',
      recent: [{ signature }],
    });
    expect((await session.app.inject('/api/v1/leaders/nobody')).json()).toMatchObject({
      error: { code: 'LEADER__UNKNOWN' },
    });
    const bad = await session.app.inject('/api/v1/leaders/a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'LEADER__INVALID_CODE' } });
    // A code longer than the router's default parameter limit (100) is told the same.
    // So is one of any length the server accepts (its request line is bounded by the header
    // size limit): before, past 4,096 characters it fell through to the site's files (403).
    for (const length of [500, 5_000, 15_000]) {
      const long = await session.app.inject(`/api/v1/leaders/${'a'.repeat(length)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: { code: 'LEADER__INVALID_CODE' } });
    }
  });

  it('GET /api/v1/leaderboard ranks leaders and validates the limit', async () => {
    addLeaderRecord(session.world, 'second');
    session.addTransaction(session.leaderBuy({ code: 'second', lamports: 5n * SOL }));
    session.addTransaction(session.leaderBuy());
    const outcome = await session.app.leaderIndex.reconcile();
    expect(outcome).toEqual({ examined: 2, recorded: 2, claims: 0 });
    const board = await session.app.inject('/api/v1/leaderboard?limit=5');
    expect(
      board.json<{ leaders: { code: string }[] }>().leaders.map((leader) => leader.code),
    ).toEqual(['second', 'beast42']);
    expect((await session.app.inject('/api/v1/leaderboard?limit=0')).statusCode).toBe(400);
  });

  it('the reconciler records unreported leader buys once and skips everything else', async () => {
    const leaderPresale = session.world.deployment.presales.leader.address;
    const good = session.addTransaction(session.leaderBuy());
    session.addTransaction(
      session.leaderBuy({ buys: [{ presale: leaderPresale, buyer, lamports: 2n * SOL }] }),
    );
    session.addTransaction(session.leaderBuy({ error: 'failed' }));
    const notARecord = randomAddress();
    session.addTransaction(
      session.leaderBuy({
        buys: [{ presale: leaderPresale, buyer, lamports: 2n * SOL, leaderRecord: notARecord }],
      }),
    );
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 4,
      recorded: 1,
      claims: 0,
    });
    expect(await session.world.ledger.findBuy(good)).toMatchObject({
      source: 'reconciler',
      record: recordOf(session.world, 'beast42').address,
    });
    // Settled signatures are not fetched again.
    expect(await session.app.leaderIndex.reconcile()).toEqual({
      examined: 0,
      recorded: 0,
      claims: 0,
    });
    expect((await session.world.ledger.getStats()).buys).toBe(1);
  });

  it('the reconciler pages back through a burst larger than one page, and stops at known ones', async () => {
    for (let i = 0; i < 25; i++) session.addTransaction(session.leaderBuy());
    expect(await session.app.leaderIndex.reconcile(10)).toEqual({
      examined: 25,
      recorded: 25,
      claims: 0,
    });
    for (let i = 0; i < 3; i++) session.addTransaction(session.leaderBuy());
    expect(await session.app.leaderIndex.reconcile(10)).toEqual({
      examined: 3,
      recorded: 3,
      claims: 0,
    });
    expect((await session.world.ledger.getLeaderSummary('beast42'))?.buys).toBe(28);
  });

  it('runs the reconciler on its schedule when enabled', async () => {
    const { TEST_SETTINGS } = await import('./support/test-world');
    await session.restartApp({
      settings: { ...TEST_SETTINGS, reconcileIntervalMs: 60_000 },
    });
    const signature = session.addTransaction(session.leaderBuy());
    session.world.scheduler.tick(60_000);
    await settle();
    await settle();
    expect((await session.world.ledger.findBuy(signature))?.source).toBe('reconciler');
  });
});
