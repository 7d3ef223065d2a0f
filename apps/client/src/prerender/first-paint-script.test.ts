import { describe, expect, it, vi } from 'vitest';
import { firstPaintScript, type AppFiles } from '../../vite-first-paint';
import { FIRST_PAINT_ATTRIBUTE, prerenderedPageOf } from './markup';

const FILES: AppFiles = {
  entry: 'assets/index.js',
  initial: ['assets/shell.js'],
  routes: { presale: ['assets/presale.js'], roadmap: ['assets/roadmap.js'], '*': ['assets/x.js'] },
};

/**
 * Runs the head script as the browser would before the body is parsed, against a minimal
 * document: returns the page it chose to show and the files it preloaded at once.
 */
function runHeadScript(hash: string, language: string | null = null) {
  const attributes = new Map<string, string>();
  const preloaded: string[] = [];
  // `#root` with every prerendered page's markup and one element of the app's own.
  const children = ['home', 'presale', 'leader', null].map((page) => ({
    page,
    getAttribute: (name: string) => (name === 'data-prerender' ? page : null),
  }));
  const root = {
    children: [...children],
    removeChild(child: (typeof children)[number]) {
      this.children = this.children.filter((kept) => kept !== child);
    },
  };
  let bodyParsed: () => void = () => undefined;
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    head: { appendChild: (link: { href: string }) => preloaded.push(link.href) },
    createElement: () => ({}),
    getElementById: (id: string) => (id === 'root' ? root : null),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') bodyParsed = listener;
    },
  };
  const window = {
    PerformanceObserver: Object.assign(
      function PerformanceObserver() {
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: ['largest-contentful-paint'] },
    ),
  };
  const localStorage = { getItem: () => language };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the generated script under test
  const run = new Function(
    'document',
    'location',
    'localStorage',
    'window',
    firstPaintScript(FILES, '/'),
  ) as (...globals: unknown[]) => void;
  run(document, { hash }, localStorage, window);
  return {
    shown: attributes.get(FIRST_PAINT_ATTRIBUTE) ?? null,
    preloaded,
    /** Runs what the script does once the body is parsed; the pages' markup left in #root. */
    parseBody() {
      bodyParsed();
      return root.children.map((child) => child.page);
    },
  };
}

describe('the first-paint head script', () => {
  it('shows the same prerendered page main.tsx will hydrate, for every kind of hash', () => {
    const hashes = [
      '',
      '#',
      '#/',
      '#/?ref=x',
      '#/presale',
      '#/presale/',
      '#/presale?ref=x',
      '#/presale#top',
      '#/presale/x',
      '#presale',
      '#/leader?code=beast42',
      '#/leader/earnings',
      '#/roadmap',
      '#/__proto__',
      '#/constructor',
      '#__proto__',
      '#constructor',
    ];
    for (const hash of hashes) {
      expect({ hash, shown: runHeadScript(hash).shown }).toEqual({
        hash,
        shown: prerenderedPageOf(hash),
      });
    }
  });

  it('shows nothing to a visitor who chose Italian, and starts their page at once', () => {
    for (const hash of ['#/', '#/presale']) {
      const { shown, preloaded } = runHeadScript(hash, 'it');
      expect(shown).toBeNull();
      expect(preloaded).toContain('/assets/index.js');
    }
    expect(runHeadScript('#/presale', 'it').preloaded).toContain('/assets/presale.js');
  });

  it('preloads nothing before the first paint of a prerendered page, everything at once elsewhere', () => {
    expect(runHeadScript('#/presale').preloaded).toEqual([]);
    expect(runHeadScript('#/').preloaded).toEqual([]);
    expect(runHeadScript('#/roadmap').preloaded).toEqual([
      '/assets/index.js',
      '/assets/shell.js',
      '/assets/roadmap.js',
    ]);
    expect(runHeadScript('#/private-name').preloaded).toContain('/assets/x.js');
  });
});

describe('once the body is parsed', () => {
  it("keeps only the shown page's markup, and none where no page is shown", () => {
    vi.useFakeTimers();
    try {
      expect(runHeadScript('#/leader?code=beast42').parseBody()).toEqual(['leader', null]);
      expect(runHeadScript('#/presale').parseBody()).toEqual(['presale', null]);
      expect(runHeadScript('#/').parseBody()).toEqual(['home', null]);
      expect(runHeadScript('#/presale', 'it').parseBody()).toEqual([null]);
      expect(runHeadScript('#/roadmap').parseBody()).toEqual([null]);
    } finally {
      vi.useRealTimers();
    }
  });
});
