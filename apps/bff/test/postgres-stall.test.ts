import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { createPostgresLeaderLedger } from '@fbt/adapters';
import { startPostgresServer, type PostgresServer, randomAddress } from '@fbt/adapters/testing';
import { loadConfig } from '../src/config';
import { createTestWorld, startApp } from './support/test-world';

let server: PostgresServer;
let ledger: LeaderLedger;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startPostgresServer();
  ledger = await createPostgresLeaderLedger({
    connectionString: await server.createDatabase(),
    queryTimeoutMs: 300,
    connectTimeoutMs: 300,
  });
  // A leader the index met through its record (the test world's chain has none: the route
  // answers from the ledger).
  await ledger.indexLeader({ code: 'beast42', wallet: randomAddress(), record: randomAddress() });
  app = await startApp(createTestWorld(), { ledger });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ledger?.close();
  await server?.stop();
});

describe('a stalled PostgreSQL ledger', () => {
  it('answers 503 LEDGER__UNAVAILABLE with Retry-After instead of hanging, and recovers', async () => {
    expect((await app.inject('/api/v1/leaders/beast42')).statusCode).toBe(200);
    const thaw = server.stall();
    try {
      const response = await app.inject('/api/v1/leaders/beast42');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: {
          code: 'LEDGER__UNAVAILABLE',
          message: 'The ledger database is unavailable; retry shortly.',
        },
      });
    } finally {
      thaw();
    }
    expect((await app.inject('/api/v1/leaders/beast42')).statusCode).toBe(200);
  }, 60_000);

  it('DATABASE_POOL_MAX and DATABASE_QUERY_TIMEOUT_MS are read with documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_POOL_MAX: 10,
      DATABASE_QUERY_TIMEOUT_MS: 5_000,
      REQUEST_TIMEOUT_MS: 30_000,
      HEADERS_TIMEOUT_MS: 10_000,
      RPC_COST_BUDGET_PER_MINUTE: 2_000,
    });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_QUERY_TIMEOUT_MS: must be a whole number/,
    );
  });
});
