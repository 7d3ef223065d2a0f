import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'distribution',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph instead of each importing web3.js again:
    // every suite builds its own chain and state, and none mocks modules.
    isolate: false,
  },
});
