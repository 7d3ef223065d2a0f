import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sbpf-link',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
