import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startMetricsServer, type MetricsServer } from '../src/index';
import { createTestWorld, settle, startApp } from './support/test-world';

let app: FastifyInstance | undefined;
let metricsServer: MetricsServer | undefined;
afterEach(async () => {
  await metricsServer?.close();
  await app?.close();
  app = undefined;
  metricsServer = undefined;
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
      // Alone (no REDIS_URL): this instance polls every upstream itself.
      cluster: {
        mode: 'single',
        instanceId: expect.any(String) as string,
        polling: true,
        leaseHolder: false,
        redisProblem: null,
      },
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

  it('GET /readyz is ready again once a presale push shows the chain answers, without waiting a period', async () => {
    const world = createTestWorld();
    app = await startApp(world);
    world.chainDown = true;
    world.clock.advance(181_000);
    world.scheduler.tick(); // every read fails but the price's and the goals'
    await settle();
    const down = (await app.inject('/readyz')).json<{ reasons: string[] }>();
    expect(down.reasons.map((reason) => reason.split(': ')[0]).sort()).toEqual([
      'leaders',
      'presale:leader',
      'presale:private',
      'presale:public',
    ]);

    // The chain is back: a buy on the public presale is pushed before any period ends.
    world.chainDown = false;
    const address = world.deployment.presales.public.address;
    const snapshot = world.presales.get(address);
    if (snapshot === undefined) throw new Error('missing presale');
    world.watchers.get(address)?.({
      ...snapshot,
      slot: snapshot.slot + 1,
      state: { ...snapshot.state, currentTotalSold: snapshot.state.currentTotalSold + 1n },
    });
    await settle();
    const response = await app.inject('/readyz');
    expect(response.json<{ reasons: string[] }>().reasons).toEqual([]);
    expect(response.statusCode).toBe(200);
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

  it('the metrics port serves process metrics and every product series, labelled with the instance', async () => {
    const world = createTestWorld();
    app = await startApp(world, { cluster: { instanceId: 'bff-test-1' } });
    metricsServer = await startMetricsServer(app, { host: '127.0.0.1', port: 0 });
    await app.inject('/api/v1/presales/public');
    world.clock.advance(5_000);
    const response = await fetch(metricsServer.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const id = 'instance_id="bff-test-1"';
    expect(text).toContain(
      `fbt_http_requests_total{method="GET",route="/api/v1/presales/:variant",status="200",${id}} 1`,
    );
    expect(text).toContain(
      `fbt_upstream_calls_total{upstream="rpc",operation="readPresaleState",${id}} 3`,
    );
    expect(text).toContain(`fbt_cache_age_seconds{resource="presale:public",${id}} 5`);
    expect(text).toContain(`fbt_ws_clients{${id}} 0`);
    expect(text).toContain(`fbt_ledger_leaders{${id}} 0`);
    expect(text).toContain(`fbt_ledger_buys{${id}} 0`);
    expect(text).toContain(`fbt_ledger_lamports{${id}} 0`);
    expect(text).toContain(`fbt_ledger_sol{${id}} 0`);
    expect(text).toContain(
      `fbt_http_request_duration_seconds_bucket{le="+Inf",${id},method="GET",route="/api/v1/presales/:variant"} 1`,
    );
    // The process's own figures: event-loop lag, heap, GC, handles.
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_active_handles_total',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toMatch(new RegExp(`^${name}\\{${id}\\} \\d`, 'm'));
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect((await fetch(metricsServer.url.replace('/metrics', '/api/v1/config'))).status).toBe(404);
  });

  it('counters are typed counter, gauges gauge, the latency a histogram', async () => {
    app = await startApp(createTestWorld());
    const text = await app.metrics.render();
    const typeOf = (name: string) => new RegExp(`^# TYPE ${name} (\\w+)$`, 'm').exec(text)?.[1];
    for (const name of [
      'fbt_ws_dropped_total',
      'fbt_ws_messages_sent_total',
      'fbt_http_requests_total',
      'fbt_upstream_calls_total',
    ]) {
      expect(typeOf(name), name).toBe('counter');
    }
    expect(typeOf('fbt_ws_clients')).toBe('gauge');
    expect(typeOf('fbt_cache_age_seconds')).toBe('gauge');
    expect(typeOf('fbt_http_request_duration_seconds')).toBe('histogram');
    expect(text).toMatch(/^fbt_ws_messages_sent_total\{instance_id="[^"]+"\} 0$/m);
  });

  it('the metrics say readiness as /readyz does, each budget, and the failed chain reads', async () => {
    const world = createTestWorld();
    app = await startApp(world);
    const id = '[^}]*';
    const before = await app.metrics.render();
    expect(before).toMatch(new RegExp(`^fbt_ready\\{${id}\\} 1$`, 'm'));
    expect(before).not.toMatch(
      new RegExp(`^fbt_upstream_failures_total\\{upstream="rpc",operation="readPresaleState"`, 'm'),
    );
    world.chainDown = true;
    world.clock.advance(181_000);
    world.scheduler.tick(60_000);
    await settle();
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    const after = await app.metrics.render();
    expect(after).toMatch(new RegExp(`^fbt_ready\\{${id}\\} 0$`, 'm'));
    // One failed read per presale; the calls count them too.
    expect(after).toMatch(
      new RegExp(
        `^fbt_upstream_failures_total\\{upstream="rpc",operation="readPresaleState",${id}\\} 3$`,
        'm',
      ),
    );
    expect(after).toMatch(
      new RegExp(`^fbt_cache_max_age_seconds\\{resource="presale:public",${id}\\} 180$`, 'm'),
    );
    expect(after).toMatch(
      new RegExp(`^fbt_presale_raised_sol\\{variant="private",${id}\\} 50$`, 'm'),
    );
  });

  it('the site port answers 404 on /metrics, whatever the method or encoding', async () => {
    app = await startApp(createTestWorld());
    for (const request of [
      { url: '/metrics' },
      { url: '/metrics', headers: { 'accept-encoding': 'gzip' } },
      { url: '/metrics?x=1' },
      { method: 'HEAD' as const, url: '/metrics' },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('fbt_ledger');
    }
  });
});
