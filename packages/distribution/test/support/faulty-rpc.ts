import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback JSON-RPC pass-through in front of the local chain that can fail: every request goes
 * to the chain as it came and its answer comes back as the chain gave it, except that once
 * `failSendsAfter(n)` let `n` more `sendTransaction` requests through, the following ones are
 * answered with the error a node that is down gives (HTTP 503), until `heal()`.
 */
export interface FaultyRpc {
  readonly url: string;
  /** `sendTransaction` requests the chain received through it. */
  readonly sent: number;
  failSendsAfter(count: number): void;
  heal(): void;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts one in front of `upstream` (the chain's JSON-RPC URL), healthy. */
export async function startFaultyRpc(upstream: string): Promise<FaultyRpc> {
  let allowance = Number.POSITIVE_INFINITY;
  let sent = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      if (body.includes('"sendTransaction"')) {
        if (allowance <= 0) {
          response.writeHead(503, { 'content-type': 'text/plain' }).end('node unavailable');
          return;
        }
        allowance -= 1;
        sent += 1;
      }
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array(body),
      });
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get sent() {
      return sent;
    },
    failSendsAfter(count) {
      allowance = count;
    },
    heal() {
      allowance = Number.POSITIVE_INFINITY;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
