/**
 * What a visitor downloads is compressed: the site's files are sent as the `.br` / `.gz` copies
 * the build wrote (chosen by `Accept-Encoding`, never encoded a second time), and JSON answers
 * of 1 KiB and more are compressed per request. The dist is a small one written here, its
 * encoded copies made with node:zlib as the site build makes them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

/** Text that compresses well and is far above every threshold. */
const filler = (line: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `${line} ${i}`).join('\n');

const FILES = {
  'index.html': `<!doctype html><title>FBT</title><script type="module" src="/assets/index-abc123.js"></script>\n<!-- ${filler('presale', 200)} -->`,
  'assets/index-abc123.js': filler('console.log("fbt entry chunk");', 400),
  'assets/index-abc123.css': filler('.beast { color: #f80; }', 300),
  // Below the build threshold: the build writes no encoded copy of it.
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
} as const;
type DistFile = keyof typeof FILES;
const ENCODED: readonly DistFile[] = [
  'index.html',
  'assets/index-abc123.js',
  'assets/index-abc123.css',
];

let dist: string;
let upstream: Server;
let app: FastifyInstance;
/** A JSON-RPC answer of some 20 KiB, as getTokenAccountsByOwner or simulate logs can be. */
const bigRpcAnswer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: filler('log', 2000) });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fbt-dist-compressed-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dist, name), text);
  for (const name of ENCODED) {
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(FILES[name]));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(FILES[name]));
  }
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bigRpcAnswer);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const links = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`link${i}`, `https://example.org/fbt/docs/page-${i}`]),
  );
  app = await startApp(createTestWorld(), {
    settings: { ...TEST_SETTINGS, clientDist: dist, publicLinks: links },
    rpcUpstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** The body as the client reads it: decoded once by its `content-encoding`. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const CASES = [
  { url: '/', file: 'index.html', type: /^text\/html/, cache: 'no-cache' },
  {
    url: '/assets/index-abc123.js',
    file: 'assets/index-abc123.js',
    type: /^(?:application|text)\/javascript/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    url: '/assets/index-abc123.css',
    file: 'assets/index-abc123.css',
    type: /^text\/css/,
    cache: 'public, max-age=31536000, immutable',
  },
] as const;
const ENCODINGS = [
  { accept: 'gzip, deflate, br', encoding: 'br', suffix: '.br' },
  { accept: 'gzip', encoding: 'gzip', suffix: '.gz' },
  { accept: undefined, encoding: undefined, suffix: '' },
] as const;

describe('the site, precompressed at build time', () => {
  for (const { url, file, type, cache } of CASES) {
    for (const { accept, encoding, suffix } of ENCODINGS) {
      it(`GET ${url} with accept-encoding ${accept ?? '(none)'}: ${encoding ?? 'identity'}`, async () => {
        const response = await get(url, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toMatch(type);
        expect(response.headers['cache-control']).toBe(cache);
        // The file the build wrote, byte for byte: encoded once, never a second time.
        expect(response.rawPayload.equals(readFileSync(join(dist, `${file}${suffix}`)))).toBe(true);
        expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
        expect(decoded(response)).toBe(FILES[file]);
      });
    }
  }

  it('prefers br over gzip whatever the order, and takes gzip when br is refused', async () => {
    expect((await get('/index.html', 'gzip, br')).headers['content-encoding']).toBe('br');
    expect((await get('/index.html', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const identity = await get('/index.html', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(decoded(identity)).toBe(FILES['index.html']);
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    for (const { accept, encoding, suffix } of ENCODINGS) {
      const response = await get('/assets/index-abc123.js', accept, 'HEAD');
      const size = readFileSync(join(dist, `assets/index-abc123.js${suffix}`)).length;
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-length']).toBe(String(size));
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('sends a file the build left unencoded as it is, even to a client that accepts br', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe(FILES['favicon.svg']);
  });

  it('keeps the security headers and the request id on encoded files, and 404s missing ones', async () => {
    const response = await get('/', 'br');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('/assets/nope.js', 'br')).statusCode).toBe(404);
  });
});

describe('JSON answers, compressed per request', () => {
  it('compresses a large answer for a client that accepts br or gzip', async () => {
    const identity = await get('/api/v1/config');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/api/v1/config', encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.rawPayload.length).toBeLessThan(identity.rawPayload.length);
      expect(JSON.parse(decoded(response))).toEqual(identity.json());
    }
  });

  it('sends identity to a client that accepts no encoding we offer', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const response = await get('/api/v1/config', accept);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(() => response.json<unknown>()).not.toThrow();
    }
  });

  it('leaves answers under 1 KiB as they are', async () => {
    const response = await get('/healthz', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(1024);
  });

  it('compresses the /rpc proxy answer (it is buffered, not streamed)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(bigRpcAnswer);
  });

  it('still upgrades the stream websocket for a client that accepts br', async () => {
    // A real socket: the upgrade is what must not be touched by the compression hook.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/v1/stream`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const first = new Promise<string>((resolve) =>
        socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))),
      );
      socket.send(JSON.stringify({ type: 'subscribe', topics: ['price'] }));
      expect(JSON.parse(await first)).toMatchObject({ type: 'price' });
    } finally {
      socket.terminate();
    }
  });
});
