import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'stack',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts'],
    // Browser suites run against a fresh production build of the site, made once per run.
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
