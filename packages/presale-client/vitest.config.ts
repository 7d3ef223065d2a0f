import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'presale-client',
    include: ['src/**/*.test.ts'],
  },
});
