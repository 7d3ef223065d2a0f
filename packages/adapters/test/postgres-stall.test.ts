import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { isAdapterError } from '../src/adapter-error';
import { buyOf, leaderOf } from './support/leader-ledger.contract';
import { createPostgresLeaderLedger } from '../src/postgres-leader-ledger';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';

let server: PostgresServer;
let ledger: LeaderLedger;

beforeAll(async () => {
  server = await startPostgresServer();
  ledger = await createPostgresLeaderLedger({
    connectionString: await server.createDatabase(),
    queryTimeoutMs: 300,
    connectTimeoutMs: 300,
    maxConnections: 2,
  });
}, 120_000);

afterAll(async () => {
  await ledger?.close();
  await server?.stop();
});

describe('postgresql ledger against a stalled or restarted server', () => {
  it('a stalled server (SIGSTOP) fails calls with LEDGER__UNAVAILABLE, then recovers', async () => {
    await ledger.indexLeader(leaderOf('stall1'));
    const thaw = server.stall();
    try {
      await expect(ledger.findLeader('stall1')).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__UNAVAILABLE'),
      );
      // Every connection of the small pool is tried: none hangs.
      await expect(ledger.getStats()).rejects.toSatisfy((error) =>
        isAdapterError(error, 'LEDGER__UNAVAILABLE'),
      );
    } finally {
      thaw();
    }
    expect((await ledger.findLeader('stall1'))?.code).toBe('stall1');
  }, 60_000);

  it('a restarted server: calls fail while it is down, then the same ledger recovers', async () => {
    await ledger.indexLeader(leaderOf('restart1'));
    const buy = buyOf('restart1', 1_000n);
    await ledger.recordBuy(buy);
    await server.restart();
    let recovered: boolean = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
      try {
        recovered = (await ledger.findBuy(buy.signature)) !== null;
      } catch (error) {
        expect(isAdapterError(error, 'LEDGER__UNAVAILABLE')).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(recovered).toBe(true);
  }, 60_000);
});
