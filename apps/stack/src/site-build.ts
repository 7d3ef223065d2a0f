import { build, type Plugin } from 'vite';
import { CLIENT_ROOT, DEFAULT_SITE_DIR } from './paths';

/** A Vite plugin handing the modules of every script the build writes to `receive`. */
function recordModules(receive: (moduleIds: readonly string[]) => void): Plugin {
  return {
    name: 'fbt-record-modules',
    generateBundle(_options, bundle) {
      receive(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? output.moduleIds : [],
        ),
      );
    },
  };
}

/** Options of {@link buildSite}. */
export interface BuildSiteOptions {
  /** Output directory (emptied first); default apps/client/dist. */
  readonly outDir?: string;
  /** Receives the id of every module the build put in a script (for checks of what ships). */
  readonly onModules?: (moduleIds: readonly string[]) => void;
}

/**
 * Builds the site with its own Vite config, always for production.
 *
 * Vite keeps an existing NODE_ENV, and Vitest sets NODE_ENV=test, which would ship React's
 * development build (StrictMode double effects and all): the browser tests, the buy-latency
 * benchmark and `npm start` must all serve what users get, so NODE_ENV is production for the
 * duration of the build. Returns the output directory.
 */
export async function buildSite(options: BuildSiteOptions = {}): Promise<string> {
  const outDir = options.outDir ?? DEFAULT_SITE_DIR;
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: CLIENT_ROOT,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins: options.onModules === undefined ? [] : [recordModules(options.onModules)],
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}
