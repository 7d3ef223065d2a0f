import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'localnet',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js and litesvm
    // again: every suite starts its own chain and files, and none mocks modules.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
