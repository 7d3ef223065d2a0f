import type { ServerResponse } from 'node:http';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { sendJson, startLoopbackServer, type RecordedRequest } from '../../src/loopback-server';

/** The API key the fake Hermes accepts. */
export const HERMES_TEST_KEY = 'test-hermes-key';

/** A quote as a Hermes update carries it (overrides of the defaults). */
export interface HermesQuoteFields {
  readonly price?: string;
  readonly conf?: string;
  readonly publishTime: number;
  readonly feedId?: string;
}

/**
 * A Hermes update body exactly as Hermes sends it for `parsed=true`, on the latest endpoint and
 * in each server-sent event: ids without `0x`, 64-bit numbers as strings.
 */
export function hermesUpdate(fields: HermesQuoteFields): Record<string, unknown> {
  const price = {
    price: fields.price ?? '14237512345',
    conf: fields.conf ?? '7512345',
    expo: -8,
    publish_time: fields.publishTime,
  };
  return {
    binary: { encoding: 'hex', data: ['504e4155010000000001'] },
    parsed: [
      {
        id: (fields.feedId ?? PYTH_SOL_USD_FEED_ID).replace(/^0x/, ''),
        price,
        ema_price: { ...price, price: '14200000000' },
        metadata: {
          slot: 123,
          proof_available_time: fields.publishTime,
          prev_publish_time: fields.publishTime - 1,
        },
      },
    ],
  };
}

/** One open server-sent-events response of the fake Hermes. */
export interface SseConnection {
  /** Sends one event whose `data:` is `data` (a JSON text or garbage). */
  send(data: string): void;
  /** Drops the connection without a clean end (a network failure). */
  destroy(): void;
}

/** The path the upgraded Hermes endpoint is served under (`https://pyth.dourolabs.app/hermes`). */
export const HERMES_BASE_PATH = '/hermes';

/** A loopback server speaking the upgraded Hermes wire format. */
export interface FakeHermes {
  /** The base URL to configure, `http://127.0.0.1:<port>/hermes` (no trailing slash). */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** How `/v2/updates/price/latest` answers an authorized request. */
  latest: (response: ServerResponse) => void;
  /** How `/v2/updates/price/stream` answers an authorized request before streaming (default 200). */
  streamStatus: number;
  /** Resolves with the next stream connection the server accepts. */
  nextStream(): Promise<SseConnection>;
  close(): Promise<void>;
}

/**
 * Starts a fake upgraded Hermes on 127.0.0.1, served under {@link HERMES_BASE_PATH} like the
 * real one (so a client that drops the base URL's path is caught): every request without
 * `Authorization: Bearer <HERMES_TEST_KEY>` gets 401 (as the upgraded endpoint answers);
 * `/hermes/v2/updates/price/latest` answers with `latest`, `/hermes/v2/updates/price/stream`
 * opens a `text/event-stream` the test drives through {@link FakeHermes.nextStream}; any other
 * path is a 404.
 */
export async function startFakeHermes(
  latest: (response: ServerResponse) => void,
): Promise<FakeHermes> {
  const waiting: ((connection: SseConnection) => void)[] = [];
  const accepted: SseConnection[] = [];
  const fake: FakeHermes = {
    url: '',
    requests: [],
    latest,
    streamStatus: 200,
    nextStream: () =>
      new Promise((resolve) => {
        const ready = accepted.shift();
        if (ready === undefined) waiting.push(resolve);
        else resolve(ready);
      }),
    close: () => Promise.resolve(),
  };
  const server = await startLoopbackServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${HERMES_TEST_KEY}`) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      response.end('Unauthorized');
      return;
    }
    const path = request.url.split('?')[0];
    if (path === `${HERMES_BASE_PATH}/v2/updates/price/latest`) {
      fake.latest(response);
    } else if (path === `${HERMES_BASE_PATH}/v2/updates/price/stream`) {
      if (fake.streamStatus !== 200) {
        sendJson(response, fake.streamStatus, { message: 'unavailable' });
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(':\n\n');
      const connection: SseConnection = {
        send: (data) => response.write(`data:${data}\n\n`),
        destroy: () => response.socket?.destroy(),
      };
      const next = waiting.shift();
      if (next === undefined) accepted.push(connection);
      else next(connection);
    } else {
      sendJson(response, 404, { message: 'not found' });
    }
  });
  return Object.assign(fake, {
    url: `${server.url}${HERMES_BASE_PATH}`,
    requests: server.requests,
    close: () => server.close(),
  });
}
