import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorld, startApp } from './support/test-world';

/** The committed IDL, read here on its own (not through the BFF's reader). */
const committed = readFileSync(
  new URL('../../../programs/presale/idl/presale.json', import.meta.url),
);

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /idl/presale.json', () => {
  it("answers the committed IDL's exact bytes as cacheable JSON", async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject('/idl/presale.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(committed)).toBe(true);
    const idl = response.json<{ standard: string; program: { errors: unknown[] } }>();
    expect(idl.standard).toBe('codama');
    expect(idl.program.errors.length).toBeGreaterThan(40);
  });

  it('is readable from any origin, and revalidates by its ETag with a 304', async () => {
    app = await startApp(createTestWorld());
    const first = await app.inject('/idl/presale.json');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await app.inject({
      url: '/idl/presale.json',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await app.inject({
      url: '/idl/presale.json',
      headers: { 'if-none-match': '"another"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('compresses for a client that accepts it, to the same bytes', async () => {
    app = await startApp(createTestWorld());
    const response = await app.inject({
      url: '/idl/presale.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(committed.length);
    expect(brotliDecompressSync(response.rawPayload).equals(committed)).toBe(true);
  });

  it('serves the IDL it is given (the compiled BFF passes its embedded copy)', async () => {
    const presaleIdl = new TextEncoder().encode('{"standard":"codama","kind":"rootNode"}\n');
    app = await startApp(createTestWorld(), { presaleIdl });
    const response = await app.inject('/idl/presale.json');
    expect(response.body).toBe('{"standard":"codama","kind":"rootNode"}\n');
  });
});
