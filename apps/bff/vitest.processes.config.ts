import { defineProject } from 'vitest/config';

/**
 * The BFF as the deployment runs it: tests that start `src/main.ts` (or its compiled bundle) as
 * processes, next to real PostgreSQL and Redis servers, and kill them (the fault test, the
 * multi-instance test, the process's start-up and shutdown). They run under the project's Node,
 * the one the container image runs, and so does every process they start (`process.execPath`).
 */
export const PROCESS_TESTS = [
  'test/main.test.ts',
  'test/faults/**/*.test.ts',
  'test/cluster/multi-process.test.ts',
];

export default defineProject({
  test: {
    name: 'bff-processes',
    include: PROCESS_TESTS,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
