/**
 * The BFF with `DATABASE_URL`: the composition root opens the PostgreSQL ledger (a real
 * throwaway server), and verified leader reports land in it and come back on the leaderboard.
 * The chain is the test world's fake; the ledger is the production wiring.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresLeaderLedger, isAdapterError } from '@fbt/adapters';
import { startPostgresServer, type PostgresServer } from '@fbt/adapters/testing';
import { loadConfig } from '../src/config';
import { createAppDeps, createBff, type WiredDeps } from '../src/create-bff';
import { createTestWorld, startApp, type TestWorld } from './support/test-world';
import {
  addLeaderRecord,
  addTransactionTo,
  leaderBuyIn,
  leaderWallet,
  postReport,
  reportBody,
} from './support/leader-fixture';

let server: PostgresServer;
let url: string;
let world: TestWorld;
let wired: WiredDeps;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startPostgresServer();
  url = await server.createDatabase();
  world = createTestWorld();
  await world.ledger.close();
  wired = await createAppDeps(
    world.deployment,
    loadConfig({ DATABASE_URL: url, PYTH_HERMES_URL: '' }),
    { clock: world.clock, logger: false },
  );
  world.ledger = wired.deps.ledger;
  addLeaderRecord(world, 'beast42', leaderWallet);
  app = await startApp(world);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await server?.stop();
});

describe('the BFF on a PostgreSQL leader ledger (DATABASE_URL)', () => {
  it('records a verified report in PostgreSQL, once, and ranks it on the leaderboard', async () => {
    const signature = addTransactionTo(world, leaderBuyIn(world));
    const first = await postReport(app, reportBody(signature));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'recorded', buy: { signature } });
    const again = await postReport(app, reportBody(signature));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'already-recorded' });

    const board = await app.inject('/api/v1/leaderboard?limit=10');
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({
      leaders: [{ code: 'beast42', buys: 1, totalLamports: '2000000000' }],
    });
    expect((await app.inject('/api/v1/leaders/beast42')).json()).toMatchObject({
      code: 'beast42',
      commissionLamports: '200000000',
      recent: [{ signature }],
    });

    // The row is in the PostgreSQL database itself: another ledger on it sees it.
    const other = await createPostgresLeaderLedger({ connectionString: url });
    try {
      expect(await other.findBuy(signature)).toMatchObject({ lamports: 2_000_000_000n });
      expect((await other.getLeaderSummary('beast42'))?.buys).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses to start when the PostgreSQL server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const config = loadConfig({
      DATABASE_URL: `postgres://fbt@127.0.0.1:${port}/ledger`,
      PYTH_HERMES_URL: '',
    });
    await expect(createBff(world.deployment, config, { logger: false })).rejects.toSatisfy(
      (error) => isAdapterError(error, 'LEDGER__UNAVAILABLE'),
    );
  });
});
