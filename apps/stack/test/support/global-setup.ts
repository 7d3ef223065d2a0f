import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/site-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Production build of the site made for this test run. */
    siteDistDir: string;
    /** The modules (file paths) that build put in its scripts. */
    siteModules: string[];
  }
}

/**
 * Builds the site once per test run, exactly like `npm start` does (production, see
 * `buildSite`) but into a private directory, so a concurrent build (or another engineer's test
 * run) can never swap files under the browser tests.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'fbt-site-e2e-'));
  const modules: string[] = [];
  await buildSite({ outDir, onModules: (ids) => modules.push(...ids) });
  project.provide('siteDistDir', outDir);
  project.provide('siteModules', modules);
  return () => rmSync(outDir, { recursive: true, force: true });
}
