import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One root config; each workspace keeps its own `vitest.config.ts` as a project, so
 * `vitest run` here runs everything and `npm test -w <pkg>` runs one package.
 *
 * Coverage is measured on the pure domain, where every rule of the product lives, and the run
 * fails below 95% of lines. It counts the domain's own source only: its unit tests sit beside
 * the code (`*.test.ts`, excluded here) and its test support outside `src/` (`test/support/`).
 *
 * Two test files at a time even on two cores (vitest's default there is one): the slow files
 * drive a browser, a local chain and servers, and spend most of their time waiting on them, so
 * a serial run keeps the machine about a third busy.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The BFF's process-level tests are a second project of apps/bff (vitest.processes.config.ts).
    projects: [
      'packages/*',
      'apps/*',
      'programs/*',
      'tools/*',
      'bench',
      'apps/bff/vitest.processes.config.ts',
    ],
    coverage: {
      provider: 'v8',
      // Matched against paths relative to the run's root: the repository's (`vitest run
      // --coverage`), or the domain's own when the run names it (`--project domain`).
      include: ['packages/domain/src/**/*.ts', 'src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/ports.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
