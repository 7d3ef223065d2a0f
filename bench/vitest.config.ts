import { defineProject } from 'vitest/config';

/** The benchmarks' own helpers (the benchmarks themselves print figures; they are not tests). */
export default defineProject({
  test: {
    name: 'bench',
    include: ['*.test.ts'],
  },
});
