import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestWorld, settle, startApp } from './helper';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('health, readiness and metrics', () => {
  it('GET /healthz is ok while the process runs', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is ready when every upstream is fresh', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    // The test world's price source does not stream: its price is polled.
    expect(response.json()).toEqual({
      status: 'ready',
      reasons: [],
      priceMode: 'poll',
      warnings: [],
    });
  });

  it('GET /readyz is 503 with reasons once a value is older than its budget', async () => {
    const world = createTestWorld();
    app = await startApp(world);
    world.chainDown = true;
    world.clock.advance(181_000);
    world.scheduler.tick(60_000);
    await settle();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; reasons: string[] }>();
    expect(body.status).toBe('not-ready');
    expect(body.reasons).toContain(
      'presale:public: last good value is 181 s old (budget 180 s); last error Error: RPC__ERROR (operation: test, reason: chain down)'.replace(
        'Error: ',
        '',
      ),
    );
  });

  it('GET /readyz names an upstream that never answered', async () => {
    const world = createTestWorld();
    world.counts.telegram = new Error('UPSTREAM__TIMEOUT');
    app = await startApp(world);
    const body = (await app.inject('/readyz')).json<{ reasons: string[] }>();
    expect(body.reasons).toEqual(['goals:telegram: no value yet (UPSTREAM__TIMEOUT)']);
  });

  it('GET /readyz is 503 when the ledger database fails', async () => {
    const world = createTestWorld();
    app = await startApp(world, {
      ledger: {
        ...world.ledger,
        getStats: () => Promise.reject(new Error('SQLITE_BUSY: database is locked')),
      },
    });
    const body = (await app.inject('/readyz')).json<{ reasons: string[] }>();
    expect(body.reasons).toEqual(['ledger: SQLITE_BUSY: database is locked']);
  });

  it('GET /metrics exposes requests, upstream calls, cache age and ws clients', async () => {
    const world = createTestWorld();
    app = await startApp(world);
    await app.inject('/api/v1/presales/public');
    world.clock.advance(5_000);
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain(
      'fbt_http_requests_total{method="GET",route="/api/v1/presales/:variant",status="200"} 1',
    );
    expect(text).toContain(
      'fbt_upstream_calls_total{upstream="rpc",operation="readPresaleState"} 3',
    );
    expect(text).toContain('fbt_cache_age_seconds{resource="presale:public"} 5');
    expect(text).toContain('fbt_ws_clients 0');
    expect(text).toContain('fbt_ledger_leaders 0');
    expect(text).toContain('fbt_ledger_buys 0');
    expect(text).toMatch(
      /fbt_http_request_duration_seconds_bucket\{method="GET",route="\/api\/v1\/presales\/:variant",le="\+Inf"\} 1/,
    );
  });
});
