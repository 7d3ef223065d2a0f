import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { namesNoFile } from '../src/routes/client';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fbt-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>FBT</title><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("fbt")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await startApp(createTestWorld(), { settings: { ...TEST_SETTINGS, clientDist: dist } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('serves index.html at / with no-cache and the CSP', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<title>FBT</title>');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with a short cache, and API routes still win', async () => {
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect((await app.inject('/api/v1/config')).statusCode).toBe(200);
    const missing = await app.inject('/assets/nope.js');
    expect(missing.statusCode).toBe(404);
  });

  it('answers a name longer than any file system holds as missing, not forbidden', async () => {
    for (const url of [
      `/${'a'.repeat(256)}`,
      `/assets/${'b'.repeat(300)}.js?v=1`,
      // 86 three-byte characters: 258 bytes on disk from 86 characters
      `/${encodeURIComponent('€'.repeat(86))}`,
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `No route for GET ${url.split('?')[0]}` },
      });
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    }
    // At the limit it is an ordinary name: looked up, and missing.
    expect((await app.inject(`/${'a'.repeat(255)}`)).statusCode).toBe(404);
  });
});

describe('namesNoFile', () => {
  it('is true only for a segment over 255 bytes once decoded', () => {
    expect(namesNoFile(`/${'a'.repeat(255)}`)).toBe(false);
    expect(namesNoFile(`/${'a'.repeat(256)}`)).toBe(true);
    expect(namesNoFile(`/x?q=${'a'.repeat(1_000)}`)).toBe(false);
    expect(namesNoFile(`/${'%41'.repeat(100)}`)).toBe(false); // 300 characters, 100 bytes
    expect(namesNoFile(`/${encodeURIComponent('é'.repeat(128))}`)).toBe(true); // 256 bytes
    expect(namesNoFile(`/${'%'.repeat(300)}`)).toBe(false); // malformed: the router's to refuse
  });
});
