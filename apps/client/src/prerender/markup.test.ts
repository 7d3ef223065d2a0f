import { describe, expect, it } from 'vitest';
import {
  assetReferences,
  injectPrerender,
  pageMarkup,
  prerenderedPageOf,
  toHashLinks,
} from './markup';

describe('toHashLinks', () => {
  it("turns the router's root-relative links into the hash router's", () => {
    expect(toHashLinks('<a class="x" href="/">h</a><a href="/presale?x=1">p</a>')).toBe(
      '<a class="x" href="#/">h</a><a href="#/presale?x=1">p</a>',
    );
  });

  it('leaves absolute, protocol-relative, fragment and image URLs alone', () => {
    const markup =
      '<a href="https://t.me/x">t</a><a href="//cdn.example/x">c</a><a href="#main">m</a><img src="/assets/a.svg"/>';
    expect(toHashLinks(markup)).toBe(markup);
  });
});

describe('pageMarkup', () => {
  it("drops React's image preload links and keeps the page", () => {
    const rendered =
      '<link rel="preload" as="image" href="/assets/a.svg" fetchPriority="high"/><link rel="preload" as="image" href="/assets/b.svg"/><main><a href="/live">Live</a></main>';
    expect(pageMarkup(rendered)).toBe('<main><a href="#/live">Live</a></main>');
  });
});

describe('injectPrerender', () => {
  it("fills the empty root with each page's markup, hidden until the first-paint script shows it", () => {
    const html = '<body><div id="root"></div><noscript>x</noscript></body>';
    expect(
      injectPrerender(html, [
        { page: 'home', markup: '<h1>Hi</h1>' },
        { page: 'presale', markup: '<h1>Buy</h1>' },
      ]),
    ).toBe(
      '<body><div id="root"><div data-prerender="home" hidden><h1>Hi</h1></div><div data-prerender="presale" hidden><h1>Buy</h1></div></div><noscript>x</noscript></body>',
    );
  });

  it("inserts the markup's text as it is, even where it looks like a replacement pattern", () => {
    expect(
      injectPrerender('<div id="root"></div>', [{ page: 'home', markup: "<p>$& $' $1</p>" }]),
    ).toBe('<div id="root"><div data-prerender="home" hidden><p>$& $\' $1</p></div></div>');
  });

  it('refuses an index.html without an empty root', () => {
    expect(() =>
      injectPrerender('<div id="app"></div>', [{ page: 'home', markup: '<h1>Hi</h1>' }]),
    ).toThrow('prerender: index.html has no empty <div id="root"></div>');
  });
});

describe('prerenderedPageOf', () => {
  it('names the prerendered page a hash opens, whatever its query or trailing slash', () => {
    for (const hash of ['', '#', '#/', '#/?ref=x', '#//'])
      expect(prerenderedPageOf(hash)).toBe('home');
    for (const hash of ['#/presale', '#/presale/', '#/presale?ref=x', '#/presale#top']) {
      expect(prerenderedPageOf(hash)).toBe('presale');
    }
    for (const hash of ['#/leader', '#/leader?code=beast42', '#/leader/?code=x']) {
      expect(prerenderedPageOf(hash)).toBe('leader');
    }
  });

  it('is null for every other path, a deeper one under a prerendered page included', () => {
    for (const hash of [
      '#/presale/x',
      '#/leader/earnings',
      '#/roadmap',
      '#/__proto__',
      '#presale',
    ]) {
      expect(prerenderedPageOf(hash)).toBeNull();
    }
  });
});

describe('assetReferences', () => {
  it('lists the files named by root-relative src and href, once each, without the base', () => {
    const markup =
      '<img src="/assets/a.svg"/><img src="/assets/a.svg"/><a href="/docs/w.pdf">w</a><a href="#/presale">p</a><img src="data:image/svg+xml,x"/><a href="https://x.io/">x</a><a href="//cdn.example/y">y</a>';
    expect(assetReferences(markup, '/')).toEqual(['assets/a.svg', 'docs/w.pdf']);
  });
});
