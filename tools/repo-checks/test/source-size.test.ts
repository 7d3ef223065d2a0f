import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

/** One concept per file: past this a file is doing several jobs and should be split. */
const MAX_LINES = 400;
/** The on-chain program stays one C translation unit (clang + our linker, one object). */
const EXEMPT = new Set(['programs/presale/c/presale.c']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|c|h|css)$/;
/** The repo checks' fixtures are inputs made to trip a check (a function past its limit), not source. */
const FIXTURES = 'tools/repo-checks/test/support/fixtures/';

describe('no source file is a monolith', () => {
  it(`every source file has at most ${MAX_LINES} lines (the C program excepted)`, () => {
    const oversized = repositoryFiles()
      .filter((file) => SOURCE.test(file) && !EXEMPT.has(file) && !file.startsWith(FIXTURES))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(oversized).toEqual([]);
  });
});
