import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One root config; each workspace keeps its own `vitest.config.ts` as a project, so
 * `vitest run` here runs everything and `npm test -w <pkg>` runs one package.
 *
 * Coverage is measured on the pure domain, where every rule of the product lives, and the run
 * fails below 95% of lines.
 *
 * Two test files at a time even on two cores (vitest's default there is one): the slow files
 * drive a browser, a local chain and servers, and spend most of their time waiting on them, so
 * a serial run keeps the machine about a third busy.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/*', 'apps/*', 'programs/*', 'tools/*'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/__tests__/**', '**/*.test.ts', '**/index.ts', '**/ports.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
