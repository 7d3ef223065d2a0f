import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback JSON-RPC pass-through in front of the local chain that can hold transactions: every
 * request goes to the chain as it came (batches too) and its answer comes back as the chain gave
 * it, except that while the gate is closed a request carrying `sendTransaction` waits. A suite
 * points a BFF's server-side RPC at it to see states the BFF's keeper passes through in a moment
 * (a sale complete before its Finalize, finalized before its Distribute): nothing is invented,
 * the transactions only land later.
 */
export interface RpcGate {
  /** The gate's JSON-RPC URL. */
  readonly url: string;
  /** Transactions sent through the gate that landed (passed on to the chain). */
  readonly passed: number;
  /** Transactions waiting at the closed gate. */
  readonly waiting: number;
  /** Holds every transaction from now on. */
  close(): void;
  /** Lets the next `count` transactions through (waiting ones first), holding the rest. */
  pass(count: number): void;
  /** Opens the gate: everything waiting goes on, and nothing is held any more. */
  open(): void;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a gate in front of `upstream` (the chain's JSON-RPC URL), open. */
export async function startRpcGate(upstream: string): Promise<RpcGate> {
  let closed = false;
  let allowance = 0;
  let passed = 0;
  const queue: (() => void)[] = [];
  const admit = (): Promise<void> => {
    if (!closed) return Promise.resolve();
    if (allowance > 0) {
      allowance -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => queue.push(resolve));
  };
  const drain = (): void => {
    while (queue.length > 0 && (!closed || allowance > 0)) {
      if (closed) allowance -= 1;
      queue.shift()?.();
    }
  };

  const open = (): void => {
    closed = false;
    allowance = 0;
    drain();
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const sends = body.includes('"sendTransaction"');
      if (sends) await admit();
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        body: new Uint8Array(body),
      });
      if (sends) passed += 1;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get passed() {
      return passed;
    },
    get waiting() {
      return queue.length;
    },
    close() {
      closed = true;
      allowance = 0;
    },
    pass(count) {
      allowance += count;
      drain();
    },
    open,
    async stop() {
      open();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
