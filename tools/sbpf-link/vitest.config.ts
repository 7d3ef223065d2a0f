import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sbpf-link',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js, Fastify,
    // Playwright... again (for the browser suites that import alone was minutes of a CI run):
    // every suite builds its own servers, chains and state, and none mocks modules.
    isolate: false,
    // A test compiles its C fixtures with clang first (one or two runs of a second or so on a
    // quiet machine); beside the browser suites in a full run, two of them took over 5 s.
    testTimeout: 30_000,
  },
});
