import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

/** index.html's blocking head script, which shows a page's markup and starts the app. */
function firstPaintScript(dist: string, html: string): { file: string; source: string } {
  const file = /<script src="\/(assets\/first-paint-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
  expect(file).toBeDefined();
  return { file: file ?? '', source: readFileSync(join(dist, file ?? ''), 'utf8') };
}

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

  it("holds neither @solana/spl-token nor bigint-buffer: the client's own token-account helpers stand in", () => {
    // The package of each module the build put in a script (the last node_modules in its path).
    const packages = new Set(
      inject('siteModules').flatMap((id) => {
        const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
        return name === undefined ? [] : [name];
      }),
    );
    // The check sees real packages: the wallet code and web3.js are in.
    expect(packages).toContain('@solana/web3.js');
    expect(packages).toContain('@solana/wallet-adapter-base');
    const library = ['@solana/spl-token', '@solana/buffer-layout-utils', 'bigint-buffer'];
    expect(library.filter((name) => packages.has(name))).toEqual([]);
    const assets = join(inject('siteDistDir'), 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const naming = scripts.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('bigint-buffer'),
    );
    expect(naming).toEqual([]);
  });

  it('writes brotli and gzip copies next to the scripts the first page loads, for the BFF to send as they are', () => {
    const dist = inject('siteDistDir');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // The scripts every page loads: the head's first-paint script and what it starts (the
    // entry and the chunks the entry imports, named in it). The entry chunk itself is a few
    // hundred bytes (below the 1 KiB threshold, where a copy saves less than its headers
    // cost); the code every page needs is the shell chunk.
    const firstPaint = firstPaintScript(dist, html);
    const [, entry, imports] =
      /var b="\/",e=("[^"]+");var n=(\[[^\]]*\]);/.exec(firstPaint.source) ?? [];
    const initial = [
      firstPaint.file,
      JSON.parse(entry ?? '""') as string,
      ...(JSON.parse(imports ?? '[]') as string[]),
    ];
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

  it("carries home's, the presale page's and the leader page's markup rendered at build time in index.html, hidden, with hash links, in every encoding", () => {
    const dist = inject('siteDistDir');
    const html = readFileSync(join(dist, 'index.html'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'index.html.br'))).equals(html)).toBe(true);
    expect(gunzipSync(readFileSync(join(dist, 'index.html.gz'))).equals(html)).toBe(true);
    const text = html.toString('utf8');
    const root = /<div id="root">(.*)<\/div>\s*<noscript>/s.exec(text)?.[1] ?? '';
    const pages = [...root.matchAll(/<div data-prerender="(\w+)" hidden>/g)].map(
      (match) => match[1],
    );
    expect(pages).toEqual(['home', 'presale', 'leader']);
    const home = root.slice(
      root.indexOf('data-prerender="home"'),
      root.indexOf('data-prerender="presale"'),
    );
    const presale = root.slice(
      root.indexOf('data-prerender="presale"'),
      root.indexOf('data-prerender="leader"'),
    );
    const leader = root.slice(root.indexOf('data-prerender="leader"'));
    expect(home).toContain('Frustrated Beast Token is here to make your soul frustration lighter.');
    // The presale page whole (its picture, the box and the target card in their loading
    // state), not a fallback waiting for a script: no Suspense fallback, no inline script.
    expect(presale).toContain('class="presale__image"');
    expect(presale).toContain('data-testid="sol-target"');
    expect(presale).not.toContain('page-fallback');
    // The leader page likewise, its code not known at build time: said to be read, not missing.
    expect(leader).toContain('class="presale__image"');
    expect(leader).toContain('data-testid="sol-target"');
    expect(leader).toContain('Leader round');
    expect(leader).toContain('<strong aria-busy="true">…</strong>');
    expect(leader).not.toContain('No leader code in the link');
    expect(leader).not.toContain('page-fallback');
    expect(root).not.toContain('<template');
    expect(root).not.toContain('<script');
    // No style attribute: the CSP refuses them in HTML.
    expect(root).not.toContain(' style="');
    const hrefs = [...root.matchAll(/ href="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(hrefs).toContain('#/presale');
    // Every link is the hash router's (or a fragment, or absolute): none leads to a path.
    expect(hrefs.filter((href) => href.startsWith('/'))).toEqual([]);
    // Pictures are files the build wrote (or inline data).
    for (const [, src] of root.matchAll(/ src="([^"]*)"/g)) {
      if (!src?.startsWith('data:')) expect(existsSync(join(dist, src ?? ''))).toBe(true);
    }
    // The first-paint script that shows it is a blocking script in <head>, not async, and it
    // starts the app: the HTML neither runs nor preloads the app's scripts.
    const { source } = firstPaintScript(dist, text);
    expect(text).not.toContain('<script type="module"');
    expect(text).not.toContain('modulepreload');
    expect(source).toMatch(/"assets\/index-[\w-]+\.js"/);
    expect(source).toMatch(/"assets\/shell-[\w-]+\.js"/);
  });
});
