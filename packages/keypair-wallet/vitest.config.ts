import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'keypair-wallet',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
