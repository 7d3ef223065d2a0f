import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createTestWorld, depsFor } from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function lineStream(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
}

describe('logging', () => {
  it('at warn, writes a request line only at warn and above, with its request id, bindings and redaction', async () => {
    const lines: string[] = [];
    app = await buildApp(
      depsFor(createTestWorld(), { logger: { level: 'warn', stream: lineStream(lines) } }),
    );
    app.get('/log-probe', (request) => {
      request.log.info('quiet info');
      request.log.debug('quiet debug');
      request.log.warn({ upstream: { apiKey: 'hermes-secret' } }, 'loud warn');
      request.log.child({ part: 'probe' }).error('child error');
      return { level: request.log.level };
    });
    await app.ready();
    const response = await app.inject('/log-probe');
    expect(response.json()).toEqual({ level: 'warn' });
    const requestId = response.headers['x-request-id'];
    const entries = lines.map(
      (line) => JSON.parse(line) as { reqId?: string; msg?: string; level?: number; part?: string },
    );
    expect(entries.map((entry) => entry.msg)).toEqual(['loud warn', 'child error']);
    expect(entries.every((entry) => entry.reqId === requestId)).toBe(true);
    expect(entries[1]?.part).toBe('probe');
    expect(lines.join('\n')).not.toContain('hermes-secret');
    expect(lines.join('\n')).toContain('[redacted]');
  });

  it('follows the app logger when its level changes at run time', async () => {
    const lines: string[] = [];
    app = await buildApp(
      depsFor(createTestWorld(), { logger: { level: 'warn', stream: lineStream(lines) } }),
    );
    app.get('/log-probe', (request) => {
      request.log.info('now heard');
      return {};
    });
    await app.ready();
    await app.inject('/log-probe');
    expect(lines).toEqual([]);
    app.log.level = 'info';
    const response = await app.inject('/log-probe');
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: 'now heard', reqId: response.headers['x-request-id'] }),
    );
  });

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
