import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { goalsResponseSchema, priceResponseSchema } from '@fbt/domain';
import { createTestWorld, settle, startApp, type TestWorld } from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(world = createTestWorld()) {
  app = await startApp(world);
  return { world, app };
}

describe('GET /api/v1/price/sol-usd', () => {
  it('serves the Pyth quote with its USD text', async () => {
    const { app, world } = await start();
    const body = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(body).toEqual({
      price: '14237512345',
      expo: -8,
      conf: '7512345',
      usd: '142.38',
      publishTime: world.clock.now() / 1000,
      source: 'pyth',
      stale: false,
    });
  });

  it('falls back to the constant when Pyth never answered, then recovers', async () => {
    const world = createTestWorld();
    const quote = world.price.quote;
    world.price.quote = null;
    const { app } = await start(world);
    const fallback = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(fallback).toMatchObject({ source: 'fallback', usd: '150.00', stale: true });

    world.price.quote = quote;
    world.scheduler.tick(30_000);
    await settle();
    const live = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(live).toMatchObject({ source: 'pyth', usd: '142.38', stale: false });
  });

  it('serves the fallback without any refresh loop when Pyth is disabled', async () => {
    const world = createTestWorld();
    app = await startApp(world, { priceSource: null });
    const body = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(body).toMatchObject({ source: 'fallback', usd: '150.00' });
    // Presales, goals and heartbeats are scheduled; the price is not: one task fewer than the
    // same app with Pyth on, whatever the other topics schedule.
    const withPyth = createTestWorld();
    const reference = await startApp(withPyth);
    const scheduledWithPyth = withPyth.scheduler.size;
    await reference.close();
    expect(world.scheduler.size).toBe(scheduledWithPyth - 1);
    expect((await app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      reasons: [],
      priceMode: 'disabled',
      cluster: expect.objectContaining({ mode: 'single', polling: true }) as unknown,
      warnings: [],
    });
  });

  it('keeps the last good quote marked stale while Pyth fails', async () => {
    const { app, world } = await start();
    world.price.quote = null;
    world.scheduler.tick(30_000);
    await settle();
    const body = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(body).toMatchObject({ source: 'pyth', usd: '142.38', stale: true });
  });

  it('calls Pyth once per refresh no matter how many visitors read', async () => {
    const { app, world } = await start();
    await Promise.all(Array.from({ length: 40 }, () => app.inject('/api/v1/price/sol-usd')));
    expect(world.price.calls).toBe(1);
    world.scheduler.tick(30_000);
    world.scheduler.tick(30_000); // single-flight: the second tick joins the first read
    await settle();
    expect(world.price.calls).toBe(2);
  });
});

describe('goals', () => {
  it('GET /api/v1/goals returns both counts with their source', async () => {
    const { app } = await start();
    const body = goalsResponseSchema.parse((await app.inject('/api/v1/goals')).json());
    expect(body.telegram).toMatchObject({ count: 1200, source: 'operator', stale: false });
    expect(body.x).toMatchObject({ count: 5300, source: 'operator', stale: false });
  });

  it.each([
    ['/gettg', { u: 1200 }],
    ['/gettw', { u: 5300 }],
  ])('GET %s answers the legacy { u } shape', async (path, expected) => {
    const { app } = await start();
    const response = await app.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it('shows the last good count marked stale when the X API fails, and recovers', async () => {
    const world: TestWorld = createTestWorld();
    world.counts.twitter = { count: 5300, source: 'x' };
    const { app } = await start(world);
    world.counts.twitter = new Error('UPSTREAM__HTTP_STATUS (upstream: x, status: 429)');
    world.scheduler.tick(300_000);
    await settle();
    let body = goalsResponseSchema.parse((await app.inject('/api/v1/goals')).json());
    expect(body.x).toMatchObject({ count: 5300, source: 'x', stale: true });
    expect(body.telegram.stale).toBe(false);
    expect((await app.inject('/gettw')).json()).toEqual({ u: 5300 });

    world.counts.twitter = { count: 5400, source: 'x' };
    world.scheduler.tick(300_000);
    await settle();
    body = goalsResponseSchema.parse((await app.inject('/api/v1/goals')).json());
    expect(body.x).toMatchObject({ count: 5400, stale: false });
  });

  it('answers 503 GOALS__UNAVAILABLE before any count was read', async () => {
    const world = createTestWorld();
    world.counts.telegram = new Error('telegram down');
    const { app } = await start(world);
    const response = await app.inject('/gettg');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'GOALS__UNAVAILABLE' } });
    expect((await app.inject('/gettw')).json()).toEqual({ u: 5300 });
  });
});
