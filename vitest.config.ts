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
/**
 * The BFF's process-level tests (a second project of apps/bff, see
 * `apps/bff/vitest.processes.config.ts`). `npm run test:suites` sets `BFF_PROCESS_TESTS=0` and
 * leaves them to `npm run test:lts`, which runs them once, under the image's Node LTS; a plain
 * `vitest run` here includes them.
 */
function processTestProjects(): string[] {
  const setting = process.env.BFF_PROCESS_TESTS ?? '1';
  if (setting !== '0' && setting !== '1') {
    throw new Error(`BFF_PROCESS_TESTS must be 0 or 1 (got ${JSON.stringify(setting)})`);
  }
  return setting === '1' ? ['apps/bff/vitest.processes.config.ts'] : [];
}

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/*', 'apps/*', 'programs/*', 'tools/*', 'bench', ...processTestProjects()],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/ports.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
