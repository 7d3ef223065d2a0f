import { defineProject } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.processes.config';

export default defineProject({
  test: {
    name: 'bff',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js, Fastify,
    // Playwright... again (for the browser suites that import alone was minutes of a CI run):
    // every suite builds its own servers, chains and state, and none mocks modules.
    isolate: false,
    // Their own project (`bff-processes`), run under the image's Node LTS.
    exclude: PROCESS_TESTS,
    // Generous limits: these are hang guards, not performance checks. Suites start real
    // servers, a real local chain and child processes, and CI machines are often loaded.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
