import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  assetReferences,
  injectPrerender,
  pageMarkup,
  PRERENDERED_PAGES,
  type PrerenderedPage,
} from './src/prerender/markup.ts';

/** The module that renders a page to a string (see its comment). */
const ENTRY = 'src/prerender/pages.tsx';

/**
 * Renders the pages of {@link PRERENDERED_PAGES} (home, the public presale and the leader page) at build
 * time and puts them in index.html, so a visitor opening one sees it as soon as the HTML and
 * the stylesheet arrive, before any script has run: the page's largest paint (home's hero text,
 * the presale picture) no longer waits for the shell's download and evaluation, nor for the
 * route's chunk. React hydrates it (`hydrateRoot` in src/main.tsx), which works because the
 * markup is what the app's first render produces: everything width-dependent is CSS
 * (top-bar.css), what depends on the config answer (links, the whitepaper button) is absent in
 * both, and the presale page's figures are in their loading state in both.
 *
 * How: a server build of {@link ENTRY} with the client build's own asset settings (so images
 * get the same hashed names or the same inline data), loaded from a scratch directory under
 * apps/client/node_modules/.cache (its imports of react and react-router resolve from the
 * workspace), and checked against the client bundle: the build fails if the markup names a
 * file the client build did not emit.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'fbt-prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (config === undefined || config.build.ssr) return html;
        const { base } = config;
        const rendered = await renderPages(config);
        const emitted = new Set(Object.keys(context.bundle ?? {}));
        const pages = rendered.map(({ page, markup }) => {
          const shown = pageMarkup(markup);
          const missing = assetReferences(shown, base).filter((file) => !emitted.has(file));
          if (missing.length > 0) {
            throw new Error(
              `prerender: the ${page} markup refers to unbuilt ${missing.join(', ')}`,
            );
          }
          if (/ style="/.test(shown)) {
            // The CSP (style-src 'self') refuses style attributes in HTML: the paint would differ.
            throw new Error(
              `prerender: the ${page} markup has a style attribute, which the CSP refuses`,
            );
          }
          return { page, markup: shown };
        });
        return injectPrerender(html, pages);
      },
    },
  };
}

async function renderPages(
  config: ResolvedConfig,
): Promise<Array<{ page: PrerenderedPage; markup: string }>> {
  // Its own directory per build: two builds at once (a test run beside `npm start`) never share.
  const cache = join(config.root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'fbt-prerender-'));
  try {
    await build({
      configFile: false,
      root: config.root,
      base: config.base,
      mode: config.mode,
      logLevel: 'warn',
      resolve: { alias: config.resolve.alias },
      build: {
        ssr: ENTRY,
        outDir,
        emptyOutDir: false,
        assetsInlineLimit: config.build.assetsInlineLimit,
        rolldownOptions: { output: { entryFileNames: 'pages.mjs' } },
      },
    });
    // A fresh URL each build (the directory is new), so a second build in the same process
    // never reuses the first's modules. No query string on it: the lazy routes' chunks import
    // the entry by its plain path, and a second instance of it would hold a second copy of
    // every React context (a page outside its providers).
    const url = pathToFileURL(join(outDir, 'pages.mjs')).href;
    const module = (await import(url)) as {
      renderPage: (page: PrerenderedPage) => Promise<string>;
    };
    const pages = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];
    // One page after the other: they share the app's module-level state (the query client).
    const rendered: Array<{ page: PrerenderedPage; markup: string }> = [];
    for (const page of pages) rendered.push({ page, markup: await module.renderPage(page) });
    return rendered;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
