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
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'fbt-client-e2e-'));
  await build({
    root: fileURLToPath(new URL('..', import.meta.url)),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  project.provide('siteDistDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
