import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'repo-checks',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The checks' fixtures (test support) hold misplaced tests on purpose: probes, not suites.
    exclude: ['test/support/**'],
    // The files of a worker share one module graph instead of each importing web3.js, Fastify,
    // Playwright... again (for the browser suites that import alone was minutes of a CI run):
    // every suite builds its own servers, chains and state, and none mocks modules.
    isolate: false,
    testTimeout: 60_000,
  },
});
