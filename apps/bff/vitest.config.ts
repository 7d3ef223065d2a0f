import { defineProject } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.processes.config';

export default defineProject({
  test: {
    name: 'bff',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Isolated per file (vitest's default), unlike the other Node projects: Redis clients closed
    // at a file's end can reject a pending command later, in the next file of the same worker.
    // Their own project (`bff-processes`), run under the image's Node LTS.
    exclude: PROCESS_TESTS,
    // Generous limits: these are hang guards, not performance checks. Suites start real
    // servers, a real local chain and child processes, and CI machines are often loaded.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
