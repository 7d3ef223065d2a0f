import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bff',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous limits: these are hang guards, not performance checks. Suites start real
    // servers, a real local chain and child processes, and CI machines are often loaded.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
