import type { Plugin } from 'vite';
import { LANGUAGE_STORAGE_KEY } from './src/lib/i18n/storage-key.ts';

/**
 * Hash route (first path segment after `#/`) -> the lazy route module it loads; anything else
 * (the private presale's configurable name, unknown paths) loads `catch-all`. Mirrors
 * src/app/router.tsx; home lives in the entry and needs nothing.
 */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  roadmap: 'src/app/routes/roadmap.tsx',
  live: 'src/app/routes/live.tsx',
  presale: 'src/app/routes/presale.tsx',
  leader: 'src/app/routes/presale.tsx',
  leaderboard: 'src/app/routes/leaderboard.tsx',
  swap: 'src/app/routes/swap.tsx',
  mammamia: 'src/app/routes/mammamia.tsx',
  '*': 'src/app/routes/catch-all.tsx',
};

interface ChunkLike {
  readonly type: 'chunk' | 'asset';
  readonly fileName: string;
  readonly facadeModuleId?: string | null;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/**
 * The script a hash-routed page needs before it can render `route`: the route chunk and every
 * chunk it imports statically, minus what the entry already brings (the HTML preloads those).
 */
export function routeFiles(
  bundle: Readonly<Record<string, ChunkLike>>,
  root: string,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    visit(start);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry === true);
  if (entry === undefined) throw new Error('route-preload: the bundle has no entry chunk');
  const loaded = closure(entry.fileName);
  const result: Record<string, string[]> = {};
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    const chunk = chunks.find((item) => item.facadeModuleId === `${root}/${module}`);
    if (chunk === undefined) throw new Error(`route-preload: no chunk for ${module}`);
    result[route] = [...closure(chunk.fileName)].filter((file) => !loaded.has(file));
  }
  return result;
}

/** The attribute the script sets on `<html>` to show the home page's prerendered markup. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * The first-paint script, run in `<head>` before the body is parsed. It reads the hash:
 * - home (`#/`, or no hash), in English: sets `<html data-first-paint="home">`, which shows the
 *   home markup rendered at build time (vite-prerender.ts) until React renders over it. An
 *   Italian visitor (remembered language) or any other route keeps it hidden, so nobody sees
 *   English home content before their own page;
 * - any other route: adds `<link rel=modulepreload>` for that route's chunks, so a deep link
 *   (`#/presale`, a shared leader link) downloads its route in parallel with the entry instead
 *   of after the entry has run.
 * A small blocking file (the CSP allows no inline script): the choice must be made before the
 * first paint, and it downloads beside the stylesheet, which blocks that paint anyway.
 */
export function preloadScript(files: Record<string, string[]>, base: string): string {
  return [
    '(function(){',
    `var m=${JSON.stringify(files)};`,
    "var r=location.hash.replace(/^#\\/?/,'').split(/[/?#]/)[0];",
    'if(!r){var l;',
    `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}`,
    `if(l!=='it')document.documentElement.setAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)},'home');`,
    'return;}',
    "var f=m[r]||m['*'];",
    'for(var i=0;i<f.length;i++){',
    "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';",
    `l.href=${JSON.stringify(base)}+f[i];document.head.appendChild(l);}`,
    '})();',
  ].join('');
}

/** Vite plugin: emits {@link preloadScript} as an asset and loads it first from index.html. */
export function routePreload(): Plugin {
  let root = '';
  let base = '/';
  let scriptFile: string | undefined;
  return {
    name: 'fbt-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // Before Vite writes index.html (its own generateBundle), after chunk names are final.
      order: 'pre',
      handler(_options, bundle) {
        const files = routeFiles(bundle, root);
        const ref = this.emitFile({
          type: 'asset',
          name: 'route-preload.js',
          source: preloadScript(files, base),
        });
        scriptFile = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (scriptFile === undefined) return [];
        return [
          {
            tag: 'script',
            attrs: { src: `${base}${scriptFile}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
