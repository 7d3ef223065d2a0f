import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'repo-checks',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
