import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

describe('the site the browser tests load', () => {
  it('is the production build users get (React without its development runtime)', () => {
    const assets = join(inject('siteDistDir'), 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // A warning only React's development runtime carries; production builds strip it.
    const development = scripts.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('should have a unique "key" prop'),
    );
    expect(development).toEqual([]);
  });

  it('writes brotli and gzip copies next to the scripts the first page loads, for the BFF to send as they are', () => {
    const dist = inject('siteDistDir');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // The entry chunk itself is a few hundred bytes (below the 1 KiB threshold, where a copy
    // saves less than its headers cost); the code every page needs is the preloaded shell chunk.
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    );
    const shell = initial.find((path) => /^assets\/shell-[\w-]+\.js$/.test(path));
    expect(shell).toBeDefined();
    const large = initial.filter((path) => readFileSync(join(dist, path)).length >= 1024);
    expect(large).toContain(shell);
    for (const path of large) {
      const original = readFileSync(join(dist, path));
      const br = readFileSync(join(dist, `${path}.br`));
      const gz = readFileSync(join(dist, `${path}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 2);
    }
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'index.html.gz'))).toBe(true);
  });
});
