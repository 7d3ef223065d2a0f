import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    // Browser tests run against a fresh production build of the site.
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
