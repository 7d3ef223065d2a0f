import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longFunctions } from '../src/function-size';
import { TEST_CODE } from '../src/test-places';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

/**
 * Past this a function is doing several jobs (reads, checks, building, copy…) and should be
 * split by job. Test code is exempt (a suite's `describe` callback is long by nature): the
 * test files, everything under a workspace's `test/` and the browser suites, as the test
 * layout places them (`TEST_CODE`). So is the on-chain C program, whose entry points stay flat
 * for the compute budget.
 */
const MAX_FUNCTION_LINES = 120;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

describe('no function is a monolith', () => {
  it(`every function outside tests has at most ${MAX_FUNCTION_LINES} lines`, () => {
    const long = repositoryFiles()
      .filter((file) => SOURCE.test(file) && !TEST_CODE.test(file))
      .flatMap((file) =>
        longFunctions(
          file,
          readFileSync(path.join(REPO_ROOT, file), 'utf8'),
          MAX_FUNCTION_LINES,
        ).map(({ line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`),
      );
    expect(long).toEqual([]);
  });

  it('the check finds long functions of every kind, nested ones included', () => {
    const fixture = path.join(
      REPO_ROOT,
      'tools/repo-checks/test/support/fixtures/long-function/long.ts',
    );
    const found = longFunctions(fixture, readFileSync(fixture, 'utf8'), MAX_FUNCTION_LINES);
    expect(found.map(({ name, lines }) => `${name} ${lines}`)).toEqual([
      'declared 122',
      'arrow 146',
      'inner 121',
      'method 122',
      '<callback of register> 123',
      'Component 123',
    ]);
  });
});
