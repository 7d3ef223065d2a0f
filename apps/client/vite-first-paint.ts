import type { Plugin } from 'vite';
import { LANGUAGE_STORAGE_KEY } from './src/lib/i18n/storage-key.ts';
import {
  FIRST_PAINT_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  PRERENDERED_PAGE_BY_PATH,
  PRERENDERED_PAGES,
} from './src/prerender/markup.ts';

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
  /** Vite's record of the stylesheets the chunk's modules import. */
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/** The app's scripts: the entry, what it imports, and what each route adds (see below). */
export interface AppFiles {
  /** The entry chunk. */
  readonly entry: string;
  /** Every chunk the entry imports statically, transitively (the entry excluded). */
  readonly initial: readonly string[];
  /** Per hash route: its chunk and everything that imports, minus the entry's {@link initial}. */
  readonly routes: Readonly<Record<string, readonly string[]>>;
}

/**
 * The script a hash-routed page needs before it can render: the entry and its imports, plus,
 * per route, the route chunk and every chunk it imports statically that the entry does not.
 * Throws if a prerendered page's route needs a stylesheet the entry's does not hold: its
 * build-time markup paints before the route's chunk (and its stylesheet) arrives, so it would
 * paint unstyled (src/prerender/page-styles.ts imports them into the shell).
 */
export function routeFiles(bundle: Readonly<Record<string, ChunkLike>>, root: string): AppFiles {
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
  if (entry === undefined) throw new Error('first-paint: the bundle has no entry chunk');
  const loaded = closure(entry.fileName);
  const stylesheets = (files: Iterable<string>): Set<string> =>
    new Set([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
  const shellStylesheets = stylesheets(loaded);
  const prerendered = new Set(Object.values(PRERENDERED_PAGES).map((path) => path.slice(1)));
  const result: Record<string, string[]> = {};
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    const chunk = chunks.find((item) => item.facadeModuleId === `${root}/${module}`);
    if (chunk === undefined) throw new Error(`first-paint: no chunk for ${module}`);
    const files = closure(chunk.fileName);
    result[route] = [...files].filter((file) => !loaded.has(file));
    if (prerendered.has(route)) {
      const missing = [...stylesheets(files)].filter((css) => !shellStylesheets.has(css));
      if (missing.length > 0) {
        throw new Error(
          `first-paint: #/${route} paints its build-time markup before its route's chunk arrives, ` +
            `but needs ${missing.join(', ')}, which the shell's stylesheet lacks: import its ` +
            'source in src/prerender/page-styles.ts',
        );
      }
    }
  }
  loaded.delete(entry.fileName);
  return { entry: entry.fileName, initial: [...loaded], routes: result };
}

/**
 * The first-paint script, run in `<head>` before the body is parsed. It reads the hash:
 * - a page rendered at build time ({@link PRERENDERED_PAGES}: home, `#/presale`, `#/leader`
 *   whatever its query), in English:
 *   sets `<html data-first-paint="<page>">`, which shows that page's markup (vite-prerender.ts),
 *   which React then hydrates. An Italian visitor (remembered language) or any other route
 *   keeps it hidden, so nobody sees English content before their own page;
 * - any other route: preloads the app's scripts at once, that route's chunks included, so a
 *   deep link (a shared leader link) downloads its route in parallel with the entry instead of
 *   after the entry has run.
 *
 * Once the body is parsed it removes every page's markup but the one shown (all of it when none
 * is), so the document holds each id and element once from then on: the presale and leader
 * pages' markups are the same components, with the same ids.
 *
 * It also starts the app (index.html has neither the entry's `<script type="module">` nor
 * preloads of it): once the body is parsed it adds `<link rel=modulepreload>` for the entry,
 * what it imports and the route's chunks, and the entry's script. Where a page's markup is
 * shown, only after that markup has been painted:
 * - nothing the first paint does not need shares a phone's bandwidth with it (the shell is a
 *   hundred kilobytes; the stylesheet and the page's picture are what the paint waits for);
 * - left to a `<script type="module">` in the HTML, the browser runs the entry as soon as
 *   parsing ends, before its first paint whenever the files arrive quickly, so the page
 *   appeared only after the shell's evaluation and React's first render.
 * "Painted" is when the browser has recorded that paint as the page's largest (a
 * `largest-contentful-paint` entry; the task after the next frame where that entry type is not
 * supported), or after 1 s in a tab that paints nothing (a background tab). Neither of the
 * first two uses a timer, so a page whose clock is faked (a test's) still starts. Waiting for
 * the record, not just the frame, matters: a busy main thread (the shell's evaluation, React's
 * first render) delays the processing of the paint's presentation, and Chromium drops a
 * largest-paint candidate whose element is replaced before then; measured with a
 * `<script type="module">` started a frame after the paint, the paint the visitor saw at
 * 512 ms was reported as React's at 760 ms.
 *
 * A small blocking file (the CSP allows no inline script): the choice must be made before the
 * first paint, and it downloads beside the stylesheet, which blocks that paint anyway.
 */
export function firstPaintScript(files: AppFiles, base: string): string {
  return [
    '(function(){',
    'var d=document,h=d.documentElement;',
    `var b=${JSON.stringify(base)},e=${JSON.stringify(files.entry)};`,
    `var n=${JSON.stringify(files.initial)};`,
    `var m=${JSON.stringify(files.routes)};`,
    'function preload(f){for(var i=0;i<f.length;i++){',
    "var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';",
    'k.href=b+f[i];d.head.appendChild(k);}}',
    'var loading=false;',
    "function app(){if(!loading){loading=true;preload([e].concat(n));if(r)preload(m[r]||m['*']);}}",
    'function start(){app();',
    "var s=d.createElement('script');s.type='module';s.crossOrigin='';",
    's.src=b+e;d.head.appendChild(s);}',
    'function painted(){var done=false;',
    'function go(){if(!done){done=true;start();}}',
    'setTimeout(go,1000);',
    'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[];',
    "if(t.indexOf('largest-contentful-paint')>=0){",
    'var o=new P(function(){o.disconnect();go();});',
    "o.observe({type:'largest-contentful-paint',buffered:true});",
    '}else requestAnimationFrame(function(){var c=new MessageChannel();c.port1.onmessage=go;c.port2.postMessage(0);});}',
    "var r=location.hash.replace(/^#\\/?/,'').split(/[/?#]/)[0];",
    `var g=${JSON.stringify(PRERENDERED_PAGE_BY_PATH)};`,
    "var p=location.hash.replace(/^#/,'').split(/[?#]/)[0].replace(/\\/+$/,'');",
    'var page=Object.prototype.hasOwnProperty.call(g,p)?g[p]:null;',
    'if(page){var l;',
    `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(x){}`,
    "if(l==='it')page=null;",
    `else h.setAttribute(${JSON.stringify(FIRST_PAINT_ATTRIBUTE)},page);`,
    '}',
    'if(!page)app();',
    'function prune(){var r=d.getElementById("root");if(!r)return;',
    'var c=Array.prototype.slice.call(r.children);',
    `for(var i=0;i<c.length;i++){var a=c[i].getAttribute(${JSON.stringify(PRERENDER_ATTRIBUTE)});`,
    'if(a!==null&&a!==page)r.removeChild(c[i]);}}',
    "d.addEventListener('DOMContentLoaded',function(){prune();if(page)painted();else start();});",
    '})();',
  ].join('');
}

/**
 * Vite plugin: emits {@link firstPaintScript} as an asset and loads it first from index.html,
 * in place of the entry's `<script type="module">` and the `<link rel=modulepreload>` tags Vite
 * writes for what the entry imports (the script adds both when the page is ready for them).
 */
export function firstPaint(): Plugin {
  let root = '';
  let base = '/';
  let scriptFile: string | undefined;
  let appFiles: string[] = [];
  return {
    name: 'fbt-first-paint',
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
        appFiles = [files.entry, ...files.initial];
        const ref = this.emitFile({
          type: 'asset',
          name: 'first-paint.js',
          source: firstPaintScript(files, base),
        });
        scriptFile = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const [entryFile] = appFiles;
        if (scriptFile === undefined || entryFile === undefined) return html;
        const entryTag = `<script type="module" crossorigin src="${base}${entryFile}"></script>`;
        // Vite writes each tag on a line of its own: those lines go.
        const dropped = new Set([
          entryTag,
          ...appFiles
            .slice(1)
            .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
        ]);
        const lines = html.split('\n');
        const result = lines.filter((line) => !dropped.has(line.trim())).join('\n');
        if (!lines.some((line) => line.trim() === entryTag)) {
          throw new Error(`first-paint: index.html has no line loading the entry ${entryFile}`);
        }
        return {
          html: result,
          tags: [
            { tag: 'script', attrs: { src: `${base}${scriptFile}` }, injectTo: 'head-prepend' },
          ],
        };
      },
    },
  };
}
