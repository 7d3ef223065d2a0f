import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppSettings } from '../src/app';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';
import { openSocket, parseAnswer } from './support/raw-socket';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Starts the app on a free port with every log line kept as JSON. */
async function listening(settings: Partial<AppSettings> = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger: Record<string, unknown> = { level: 'info' };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, next) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      next();
    },
  });
  app = await startApp(createTestWorld(), {
    settings: { ...TEST_SETTINGS, ...settings },
    logger: { ...logger, stream },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { port, lines };
}

/**
 * The status of every response the app ends, read off its HTTP server. A response to a client
 * that reset its connection never finishes, so Fastify logs no 'request completed' for it.
 */
function answeredStatuses(server: Server): number[] {
  const statuses: number[] = [];
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    const end = response.end.bind(response);
    response.end = ((...args: Parameters<typeof end>) => {
      statuses.push(response.statusCode);
      return end(...args);
    }) as typeof response.end;
  });
  return statuses;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('clients that misbehave on the socket', () => {
  it('a client resetting right after sending is no server error (rate-limit key has a fallback)', async () => {
    const { port, lines } = await listening();
    const answered = answeredStatuses(app!.server);
    const body = JSON.stringify({ signature: 'x' });
    const resets = 20;
    for (let i = 0; i < resets; i++) {
      const socket = await openSocket(port);
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/v1/leader-reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      socket.resetAndDestroy();
    }
    const completed = () => lines.filter((line) => line.msg === 'request completed');
    const incoming = () => lines.filter((line) => line.msg === 'incoming request');
    await until(() => incoming().length > 0 && answered.length === incoming().length);
    expect(incoming().length).toBeGreaterThan(0);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    for (const status of answered) expect(status).toBeLessThan(500);
    for (const line of completed()) {
      expect((line.res as { statusCode: number }).statusCode).toBeLessThan(500);
    }
  });

  it('a body trickled a byte at a time is cut off at the request timeout with a 408', async () => {
    const { port } = await listening({ requestTimeoutMs: 400, headersTimeoutMs: 200 });
    const socket = await openSocket(port);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/v1/leader-reports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // Trickle one byte every 50 ms (bounded: at most 200 bytes) until the server closes.
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= 200) return;
      socket.write(' ');
      sent++;
    }, 50);
    await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(200);
    const answer = parseAnswer(received);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'REQUEST__TIMEOUT', message: 'The request was not received in time.' },
    });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('headers trickled a byte at a time are cut off at the headers timeout', async () => {
    const { port } = await listening({ requestTimeoutMs: 5_000, headersTimeoutMs: 200 });
    const socket = await openSocket(port);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= 200) return;
      socket.write('a');
      sent++;
    }, 50);
    await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(200);
    expect(parseAnswer(received).status).toBe(408);
  });
});
