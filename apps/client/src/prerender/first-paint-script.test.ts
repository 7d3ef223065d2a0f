import { describe, expect, it } from 'vitest';
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
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    head: { appendChild: (link: { href: string }) => preloaded.push(link.href) },
    createElement: () => ({}),
    addEventListener: () => undefined,
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
  run(document, { hash }, localStorage, {});
  return { shown: attributes.get(FIRST_PAINT_ATTRIBUTE) ?? null, preloaded };
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
