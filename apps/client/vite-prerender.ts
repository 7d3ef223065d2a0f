import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { assetReferences, injectPrerender, pageMarkup } from './src/prerender/markup.ts';

/** The module that renders the home page to a string (see its comment). */
const ENTRY = 'src/prerender/home.tsx';

/**
 * Renders the home page at build time and puts it in index.html, so a visitor opening home
 * sees the hero as soon as the HTML and the stylesheet arrive, before any script has run:
 * the page's largest paint (the hero's text) no longer waits for the shell's download and
 * evaluation. React hydrates it (`hydrateRoot` in src/main.tsx), which works because the markup
 * is what the app's first render produces: everything width-dependent is CSS (top-bar.css),
 * and what depends on the config answer (links, the whitepaper button) is absent in both.
 *
 * How: a server build of {@link ENTRY} with the client build's own asset settings (so images
 * get the same hashed names or the same inline data), loaded from a scratch directory under
 * apps/client/node_modules/.cache (its imports of react and react-router resolve from the
 * workspace), and checked against the client bundle: the build fails if the markup names a
 * file the client build did not emit.
 */
export function prerenderHome(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'fbt-prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (config === undefined || config.build.ssr) return html;
        const markup = pageMarkup(await renderHomeMarkup(config));
        const emitted = new Set(Object.keys(context.bundle ?? {}));
        const missing = assetReferences(markup, config.base).filter((file) => !emitted.has(file));
        if (missing.length > 0) {
          throw new Error(`prerender: the home markup refers to unbuilt ${missing.join(', ')}`);
        }
        return injectPrerender(html, markup);
      },
    },
  };
}

async function renderHomeMarkup(config: ResolvedConfig): Promise<string> {
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
        rolldownOptions: { output: { entryFileNames: 'home.mjs' } },
      },
    });
    // A fresh URL each build: a second build in the same process must not reuse the first.
    const url = `${pathToFileURL(join(outDir, 'home.mjs')).href}?build=${Date.now()}`;
    const module = (await import(url)) as {
      renderHome: () => Promise<string>;
    };
    return await module.renderHome();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
