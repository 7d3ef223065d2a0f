import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createTestWorld, depsFor } from './helper';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('logging', () => {
  it('logs JSON lines with request ids, returns the id to the caller, and redacts secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(depsFor(createTestWorld(), { logger: { level: 'info', stream } }));
    app.get('/echo-headers', (request) => {
      request.log.info({ req: { headers: request.headers } }, 'headers seen');
      return { ok: true };
    });
    await app.ready();
    app.log.info({ upstream: { apiKey: 'hermes-secret', botToken: '123:tg-secret' } }, 'probe');
    const response = await app.inject({
      url: '/echo-headers',
      headers: { authorization: 'Bearer x-secret', 'x-api-key': 'key-secret' },
    });
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const text = lines.join('\n');
    for (const secret of ['hermes-secret', 'tg-secret', 'x-secret', 'key-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(
      entries.some((entry) => entry.reqId === requestId && entry.msg === 'request completed'),
    ).toBe(true);
  });
});
