import { defineProject } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.processes.config';

export default defineProject({
  test: {
    name: 'bff',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The process-level tests are a project of their own (`bff-processes`), run under the image's
    // Node LTS.
    exclude: PROCESS_TESTS,
    // The files of a worker share one module graph instead of each importing Fastify, web3.js,
    // ioredis, pg... again (measured: 149 s of CPU for this project isolated, 38 s not): every
    // suite builds its own apps, chains, servers and clients and closes them, and none mocks
    // modules.
    isolate: false,
    // Generous limits: these are hang guards, not performance checks. Suites start real
    // servers, a real local chain and child processes, and CI machines are often loaded.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
