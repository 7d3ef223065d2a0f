import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringifyJson } from './json';
import { dispatch, parseBody } from './rpc-dispatch';
import type { MethodTable } from './rpc-dispatch';

const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface RpcHttpServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves JSON-RPC 2.0 over HTTP POST (any path), plus `GET /health` like agave. */
export async function startHttpServer(
  host: string,
  port: number,
  methods: MethodTable,
  log: (line: string) => void,
): Promise<RpcHttpServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(body);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': 'content-type, solana-client',
      });
      res.end();
      return;
    }
    if (req.method === 'GET' && req.url === '/health') return send(200, 'ok', 'text/plain');
    if (req.method !== 'POST')
      return send(
        405,
        'Used HTTP Method is not allowed. POST or OPTIONS is required',
        'text/plain',
      );
    const chunks: Buffer[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        aborted = true;
        send(413, 'Payload Too Large', 'text/plain');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (aborted) return;
      const parsed = parseBody(Buffer.concat(chunks).toString('utf8'));
      if (!parsed.ok) return send(200, parsed.response);
      dispatch(parsed.value, methods, (error, method) =>
        log(`internal error in ${method}: ${String((error as Error)?.stack ?? error)}`),
      )
        .then((response) => send(200, stringifyJson(response)))
        .catch((error: unknown) => {
          log(`unexpected dispatch failure: ${String(error)}`);
          send(500, 'Internal error', 'text/plain');
        });
    });
    req.on('error', () => undefined);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // Let in-flight requests finish (clients poll right after a confirmation), then force.
        const force = setTimeout(() => server.closeAllConnections(), 1_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
