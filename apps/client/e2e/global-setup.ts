import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Production build of the site made for this test run. */
    siteDistDir: string;
  }
}

/**
 * Builds the site once per test run, exactly like `npm run build` but into a private
 * directory, so a concurrent `npm run build` (or another engineer's test run) can never swap
 * files under the browser tests.
 *
 * Vitest sets NODE_ENV=test, and Vite keeps an existing NODE_ENV, which would ship React's
 * development build (StrictMode double effects and all) to the browser tests. The tests must
 * exercise what users get, so the build runs with NODE_ENV=production.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'fbt-client-e2e-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  project.provide('siteDistDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
