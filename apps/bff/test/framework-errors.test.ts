import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '@fbt/domain';
import { createTestWorld, startApp } from './support/test-world';
import { rawRequest, type RawAnswer } from './support/raw-socket';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await startApp(createTestWorld());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});

afterAll(async () => {
  await app.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every 4xx: the `{ error: { code, message } }` contract, JSON, with a request id. */
function expectContract(answer: RawAnswer, status: number, code: string, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-request-id']).toMatch(UUID);
  const body = apiErrorBodySchema.strict().parse(JSON.parse(answer.body));
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(message);
}

const close = 'Host: localhost\r\nConnection: close\r\n';

describe('errors raised before the route handler follow the error contract', () => {
  it('malformed percent-encoding in the URL', async () => {
    const answer = await rawRequest(port, `GET /api/v1/leaders/%E0%A4%A HTTP/1.1\r\n${close}\r\n`);
    expectContract(answer, 400, 'REQUEST__INVALID_URL', /percent-encoding/);
  });

  it('a request line that is not HTTP', async () => {
    const answer = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expectContract(answer, 400, 'REQUEST__MALFORMED', /request line/i);
  });

  it('a malformed header', async () => {
    const answer = await rawRequest(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n',
    );
    expectContract(answer, 400, 'REQUEST__MALFORMED', /header/i);
  });

  it('a Content-Length that is not a number', async () => {
    const answer = await rawRequest(
      port,
      'POST /api/v1/leader-reports HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}',
    );
    expectContract(answer, 400, 'REQUEST__MALFORMED', /Content-Length/);
  });

  it('headers too large', async () => {
    const answer = await rawRequest(
      port,
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectContract(answer, 431, 'HEADERS__TOO_LARGE', /headers/i);
  });

  it('an unsupported media type', async () => {
    const answer = await rawRequest(
      port,
      `POST /api/v1/leader-reports HTTP/1.1\r\n${close}Content-Type: application/xml\r\nContent-Length: 4\r\n\r\n<a/>`,
    );
    expectContract(answer, 415, 'MEDIA_TYPE__UNSUPPORTED', /application\/json/);
  });

  it('a body too large', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(20_000) });
    const answer = await rawRequest(
      port,
      `POST /api/v1/leader-reports HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expectContract(answer, 413, 'PAYLOAD__TOO_LARGE', /too large/);
  });

  it('a body shorter than its Content-Length', async () => {
    const answer = await rawRequest(
      port,
      `POST /api/v1/leader-reports HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{}`.replace(
        'Content-Length: 5',
        'Content-Length: 2\r\nTransfer-Encoding: chunked',
      ),
    );
    expectContract(answer, 400, 'REQUEST__MALFORMED', /./);
  });
});
