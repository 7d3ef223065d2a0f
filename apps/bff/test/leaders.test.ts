/**
 * The `leaders` topic: every leader record of the leader presale, read by the instance that
 * polls (once per refresh, when the presale counts a new code, when a buy or claim is
 * recorded) and pushed record by record; the leader routes, the leaderboard, the Blink's code
 * lookup and the reconciler answer from it, so visitors never reach the chain.
 */
import { randomAddress } from '@fbt/adapters/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { OnChainLeaderRecord } from '@fbt/domain';
import type { LeaderRecords } from '../src/app-deps';
import { earningsJson } from '../src/http/leader-json';
import {
  addLeaderRecord,
  addTransactionTo,
  leaderBuyIn,
  leaderWallet,
  postReport,
  recordOf,
  reportBody,
} from './support/leader-fixture';
import {
  createTestWorld,
  depsFor,
  settle,
  SOL,
  startApp,
  type TestWorld,
} from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The world's leader-record port, its calls counted; `hold()` keeps list reads waiting. */
function countedRecords(world: TestWorld) {
  const base = depsFor(world).leaderRecords;
  const calls = { list: 0, readAt: 0, read: 0 };
  let gate: Promise<void> | null = null;
  const leaderRecords: LeaderRecords = {
    watchLeaderRecords: (presale, onChange) => base.watchLeaderRecords?.(presale, onChange) ?? noop,
    readLeaderRecordAt: (address) => {
      calls.readAt++;
      return base.readLeaderRecordAt(address);
    },
    readLeaderRecord: (presale, code) => {
      calls.read++;
      return base.readLeaderRecord(presale, code);
    },
    async listLeaderRecords(presale, filter) {
      calls.list++;
      const listed = await base.listLeaderRecords(presale, filter);
      if (gate !== null) await gate;
      return listed;
    },
  };
  return {
    calls,
    leaderRecords,
    /** List reads begun from now on wait (with what they read) until the returned release. */
    hold: (): (() => void) => {
      let release: () => void = noop;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
  };
}
const noop = () => undefined;

/** A world with `beast42` and `second1` paying the leader's wallet and `other99` another. */
async function start(world = createTestWorld()) {
  addLeaderRecord(world, 'beast42', leaderWallet);
  addLeaderRecord(world, 'second1', leaderWallet);
  addLeaderRecord(world, 'other99');
  const counted = countedRecords(world);
  app = await startApp(world, { leaderRecords: counted.leaderRecords });
  return { world, app, ...counted };
}

/** The `leaderboard` stream messages this instance sends from now on. */
function leaderboardMessages(instance: FastifyInstance): string[] {
  const messages: string[] = [];
  instance.topics.feed('leaderboard')?.subscribe((message) => messages.push(message));
  return messages;
}

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

describe('the leaders topic', () => {
  it('is read once per refresh; any number of leader lookups reads nothing more', async () => {
    const { world, calls } = await start();
    expect(calls.list).toBe(1);
    const randomWallets = Array.from({ length: 50 }, () => randomAddress());
    const answers = await Promise.all([
      ...randomWallets.map((wallet) => app!.inject(`/api/v1/leaders/by-wallet/${wallet}`)),
      ...Array.from({ length: 50 }, () => app!.inject(`/api/v1/leaders/by-wallet/${leaderWallet}`)),
      ...Array.from({ length: 50 }, () => app!.inject('/api/v1/leaders/beast42')),
      ...Array.from({ length: 20 }, () => app!.inject('/api/v1/leaders/nobody9')),
      ...Array.from({ length: 20 }, () => app!.inject('/api/v1/leaderboard?limit=50')),
    ]);
    expect(calls).toEqual({ list: 1, readAt: 0, read: 0 });
    expect(answers[0]?.json()).toEqual({ wallet: randomWallets[0], leaders: [] });
    expect(answers[50]?.json()).toEqual({
      wallet: leaderWallet,
      leaders: [recordOf(world, 'beast42'), recordOf(world, 'second1')].map(earningsJson),
    });
    expect(answers[100]?.json()).toMatchObject({
      code: 'beast42',
      record: recordOf(world, 'beast42').address,
      active: true,
    });
    expect(answers[150]?.statusCode).toBe(404);
    expect(errorCode(answers[150]!)).toBe('LEADER__UNKNOWN');
    world.scheduler.tick(60_000);
    await settle();
    expect(calls.list).toBe(2);
  });

  it('takes a record the chain pushes at once: a suspension, a claim, a buy', async () => {
    const { world, calls } = await start();
    const record = recordOf(world, 'beast42');
    const watch = world.recordWatchers.get(record.presale);
    expect(watch).toBeDefined();
    const push = (pushed: OnChainLeaderRecord) => watch?.(pushed.address, pushed);
    const changed: OnChainLeaderRecord = {
      ...record,
      active: false,
      volumeLamports: 3n * SOL,
      buys: 2n,
      earnedLamports: 3n * (SOL / 10n),
      claimedLamports: SOL / 10n,
    };
    push(changed);
    expect((await app!.inject('/api/v1/leaders/beast42')).json()).toMatchObject({
      active: false,
      buys: 2,
      totalLamports: String(3n * SOL),
    });
    expect((await app!.inject(`/api/v1/leaders/by-wallet/${leaderWallet}`)).json()).toMatchObject({
      leaders: [{ code: 'beast42', claimableLamports: String(2n * (SOL / 10n)) }, {}],
    });
    expect(calls.list).toBe(1);
  });

  it('keeps a record pushed while a read is under way over what that read listed', async () => {
    const { world, calls, hold } = await start();
    const record = recordOf(world, 'beast42');
    const release = hold();
    world.scheduler.tick(60_000);
    await settle();
    expect(calls.list).toBe(2);
    world.recordWatchers.get(record.presale)?.(record.address, { ...record, active: false });
    release();
    await settle();
    expect((await app!.inject('/api/v1/leaders/beast42')).json()).toMatchObject({
      active: false,
    });
  });

  it('reads again when the leader presale counts a new code, which it then answers', async () => {
    const { world, calls } = await start();
    expect((await app!.inject('/api/v1/leaders/fresh01')).statusCode).toBe(404);
    const fresh = addLeaderRecord(world, 'fresh01');
    const leaderPresale = world.deployment.presales.leader.address;
    // The RegisterLeader transaction changed the presale account: its push.
    world.watchers.get(leaderPresale)?.(world.presales.get(leaderPresale)!);
    await settle();
    expect(calls.list).toBe(2);
    expect((await app!.inject('/api/v1/leaders/fresh01')).json()).toMatchObject({
      code: 'fresh01',
      record: fresh.address,
      active: true,
    });
    // Its account's pushes are taken from then on (the presale's records are watched as one).
    world.recordWatchers.get(fresh.presale)?.(fresh.address, { ...fresh, active: false });
    expect((await app!.inject('/api/v1/leaders/fresh01')).json()).toMatchObject({
      active: false,
    });
  });

  it('reads again when the chain pushes a record it has not listed (a code registered since)', async () => {
    const { world, calls } = await start();
    const fresh = addLeaderRecord(world, 'pushed1');
    world.recordWatchers.get(fresh.presale)?.(fresh.address, fresh);
    await settle();
    expect(calls.list).toBe(2);
    expect((await app!.inject('/api/v1/leaders/pushed1')).json()).toMatchObject({
      code: 'pushed1',
      record: fresh.address,
    });
  });

  it('a recorded buy reads the records once more; buys recorded during that read, once more', async () => {
    const { world, calls, hold } = await start();
    const messages = leaderboardMessages(app!);
    const signature = addTransactionTo(world, leaderBuyIn(world));
    expect((await postReport(app!, reportBody(signature))).statusCode).toBe(201);
    // The answer right after the report already counts it (the read it asked for is awaited).
    expect((await app!.inject('/api/v1/leaders/beast42')).json()).toMatchObject({ buys: 1 });
    await settle();
    expect(calls.list).toBe(2);
    // The leaderboard message: the records' ranking, in the bytes it always had.
    expect(messages).toEqual([
      '{"type":"leaderboard","topic":"leaderboard","data":{"leaders":[{"code":"beast42","buys":1,"totalLamports":"2000000000","commissionLamports":"200000000"}]}}',
    ]);
    // Five more while the read the first of them asked for is still under way.
    const release = hold();
    const burst = Array.from({ length: 5 }, () => addTransactionTo(world, leaderBuyIn(world)));
    for (const tx of burst) expect((await postReport(app!, reportBody(tx))).statusCode).toBe(201);
    expect(calls.list).toBe(3);
    release();
    await settle();
    expect(calls.list).toBe(4);
    expect(messages.at(-1)).toContain('"buys":6,"totalLamports":"12000000000"');
  });

  it('a first reconciliation of many buys reads no record per buy, and the records once after it', async () => {
    const { world, calls } = await start();
    const messages = leaderboardMessages(app!);
    for (let i = 0; i < 30; i++) {
      addTransactionTo(world, leaderBuyIn(world, { code: i % 2 === 0 ? 'beast42' : 'second1' }));
    }
    // A code registered since the records were read: its record is read once for the pass.
    const late = addLeaderRecord(world, 'late777');
    for (let i = 0; i < 3; i++) addTransactionTo(world, leaderBuyIn(world, { code: 'late777' }));
    expect(await app!.leaderIndex.reconcile()).toEqual({ examined: 33, recorded: 33, claims: 0 });
    await settle();
    expect(calls).toEqual({ list: 2, readAt: 1, read: 0 });
    expect(messages).toHaveLength(1);
    expect((await app!.inject('/api/v1/leaders/late777')).json()).toMatchObject({
      record: late.address,
      buys: 3,
    });
  });

  it('keeps the last records while reads fail, and /readyz fails them past three periods', async () => {
    const { world } = await start();
    world.chainDown = true;
    world.clock.advance(181_000);
    world.scheduler.tick(60_000);
    await settle();
    const byWallet = await app!.inject(`/api/v1/leaders/by-wallet/${leaderWallet}`);
    expect(byWallet.statusCode).toBe(200);
    expect(byWallet.json<{ leaders: unknown[] }>().leaders).toHaveLength(2);
    const ready = await app!.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ reasons: string[] }>().reasons).toContain(
      'leaders: last good value is 181 s old (budget 180 s); last error RPC__ERROR (operation: test, reason: chain down)',
    );
  });

  it('never read: the leader routes say the chain could not be read; the leaderboard is the ledger’s', async () => {
    const world = createTestWorld();
    world.chainDown = true;
    await start(world);
    const byWallet = await app!.inject(`/api/v1/leaders/by-wallet/${leaderWallet}`);
    expect(byWallet.statusCode).toBe(503);
    expect(byWallet.headers['retry-after']).toBe('2');
    expect(errorCode(byWallet)).toBe('CHAIN__UNAVAILABLE');
    expect(errorCode(await app!.inject('/api/v1/leaders/beast42'))).toBe('CHAIN__UNAVAILABLE');
    expect((await app!.inject('/api/v1/leaderboard')).json()).toEqual({ leaders: [] });
    expect((await app!.inject('/readyz')).json<{ reasons: string[] }>().reasons).toContain(
      'leaders: no value yet (RPC__ERROR (operation: test, reason: chain down))',
    );
  });
});
