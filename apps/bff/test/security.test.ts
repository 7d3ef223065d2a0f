import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('hardening', () => {
  it('sends a strict same-origin CSP and the other helmet headers', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject('/api/v1/config');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps CORS closed by default', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject({
      url: '/api/v1/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only the configured origins', async () => {
    app = await startApp(createTestWorld(), {
      settings: { ...TEST_SETTINGS, corsOrigins: ['https://fbt.example'] },
    });
    const allowed = await app.inject({
      url: '/api/v1/config',
      headers: { origin: 'https://fbt.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://fbt.example');
    const refused = await app.inject({
      url: '/api/v1/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits writes more strictly than reads, with a coded 429', async () => {
    app = await startApp(createTestWorld(), {
      settings: { ...TEST_SETTINGS, rateLimitMax: 50, rateLimitWriteMax: 2 },
    });
    const post = () => app!.inject({ method: 'POST', url: '/api/v1/leader-reports', payload: {} });
    expect((await post()).statusCode).toBe(400);
    expect((await post()).statusCode).toBe(400);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests; slow down.' },
    });
    expect((await app.inject('/api/v1/config')).statusCode).toBe(200);
  });

  it('limits reads per client across routes, says so in headers, and leaves probes alone', async () => {
    app = await startApp(createTestWorld(), { settings: { ...TEST_SETTINGS, rateLimitMax: 3 } });
    const get = (url: string, remoteAddress = '10.0.0.1') => app!.inject({ url, remoteAddress });
    const answers = [
      await get('/api/v1/config'),
      await app.inject({ method: 'HEAD', url: '/api/v1/config', remoteAddress: '10.0.0.1' }),
      await get('/api/v1/presales/public'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-limit'])).toEqual(['3', '3', '3']);
    // The automatic HEAD route counts its request once, like the GET it copies.
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
    ]);
    for (const answer of answers) {
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const over = await get('/api/v1/goals');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests; slow down.' },
    });
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/healthz')).headers['x-ratelimit-limit']).toBeUndefined();
    const other = await get('/api/v1/config', '10.0.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    // IPv4-mapped IPv6 is the same client as its IPv4 address.
    expect((await get('/api/v1/config', '::ffff:10.0.0.1')).statusCode).toBe(429);
  });

  it('refuses oversized bodies with 413', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/leader-reports',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD__TOO_LARGE' } });
  });

  it('answers a generic 500 without internal details when a port throws', async () => {
    const world = createTestWorld();
    const ledger = world.ledger;
    app = await startApp(world, {
      ledger: {
        ...ledger,
        getLeaderboard: () => Promise.reject(new Error('SQLITE_CORRUPT: secret path /var/db')),
      },
    });
    const response = await app.inject('/api/v1/leaderboard');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Internal server error' },
    });
    expect(response.body).not.toContain('SQLITE');
  });

  it('answers unknown routes with a coded 404', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject('/api/v1/nope?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nope' },
    });
  });

  it('documents the API with OpenAPI at /docs', async () => {
    app = await startApp(createTestWorld());
    const spec = await app.inject('/docs/json');
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/config',
        '/api/v1/presales/{variant}',
        '/api/v1/presales/{variant}/buyers/{wallet}',
        '/api/v1/price/sol-usd',
        '/api/v1/goals',
        '/api/v1/leader-reports',
        '/api/v1/leaders/{code}',
        '/api/v1/leaderboard',
        '/ct',
        '/gettg',
        '/gettw',
        '/rpc',
      ]),
    );
    expect((await app.inject('/docs')).statusCode).toBeLessThan(400);
  });
});
