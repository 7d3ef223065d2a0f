import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapters',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js, Fastify,
    // Playwright... again (for the browser suites that import alone was minutes of a CI run):
    // every suite builds its own servers, chains and state, and none mocks modules.
    isolate: false,
  },
});
