import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testLayoutProblems } from '../src/test-layout';
import { TEST_CODE, placeOf } from '../src/test-places';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

const FIXTURES = 'tools/repo-checks/test/support/fixtures/';

function fixtureFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => statSync(path.join(root, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describe('the test layout check', () => {
  const root = path.join(REPO_ROOT, FIXTURES, 'test-layout');
  const files = fixtureFiles(root);

  it('finds every misplaced test, misplaced support and production import of test code', () => {
    expect(testLayoutProblems(root, files)).toEqual([
      'apps/stack/e2e/harness.ts: test support goes in test/support/ (test/ and apps/stack/e2e/ hold suites)',
      'apps/wip exports["."] reaches test code: apps/wip/src/main.ts -> apps/wip/test/helper.ts',
      'apps/wip exports["./testing"]: test support is exported from test/support/ (apps/wip/src/testing.ts)',
      'apps/wip/src/main.ts: production code imports test code (apps/wip/test/helper.ts)',
      'apps/wip/test/helper.ts: test support goes in test/support/ (test/ and apps/stack/e2e/ hold suites)',
      'packages/leaky bin reaches test code: packages/leaky/src/cli.ts -> packages/leaky/src/seed.ts -> packages/leaky/test/helpers.ts',
      'packages/leaky exports["."] reaches test code: packages/leaky/src/index.ts -> packages/leaky/test/support/numbers.ts',
      'packages/leaky exports["./testing"]: test support is exported from test/support/ (packages/leaky/src/testing/index.ts)',
      'packages/leaky/e2e/page.test.ts: a test goes beside its module in src/, in test/, or (a browser suite of the whole product) in apps/stack/e2e/',
      'packages/leaky/src/__tests__/old.test.ts: a unit test sits beside its module in src/, not in __tests__/',
      'packages/leaky/src/index.ts: production code imports test code (packages/leaky/test/support/numbers.ts)',
      'packages/leaky/src/only-for-tests.ts: only tests import it, so it is test support: move it to test/support/',
      'packages/leaky/src/seed.ts: production code imports test code (packages/leaky/test/helpers.ts)',
      'packages/leaky/src/uses-subpath.ts: production code imports test support (@fixture/clean/testing)',
      'packages/leaky/test/helpers.ts: test support goes in test/support/ (test/ and apps/stack/e2e/ hold suites)',
      'packages/leaky/test/support/support.test.ts: a test of test support is a suite: it goes in test/, not test/support/',
    ]);
  });

  it('passes unit tests beside the code, suites in test/ and support in test/support/', () => {
    const clean = files.filter((file) => file.startsWith('packages/clean/'));
    expect(clean).toContain('packages/clean/test/support/index.ts');
    expect(testLayoutProblems(root, clean)).toEqual([]);
  });

  it('tells each kind of test by where it sits', () => {
    expect(placeOf('packages/domain/src/amount.test.ts', 'packages/domain')).toBe('unit test');
    expect(placeOf('apps/localnet/test/replay.test.ts', 'apps/localnet')).toBe('suite');
    expect(placeOf('apps/stack/e2e/buy/buying.test.ts', 'apps/stack')).toBe('browser suite');
    expect(placeOf('apps/stack/test/support/harness.ts', 'apps/stack')).toBe('test support');
    expect(placeOf('bench/lighthouse-calibration.test.ts', 'bench')).toBe('unit test');
    expect(placeOf('apps/client/src/main.tsx', 'apps/client')).toBe('production');
  });

  it('counts as test code exactly the tests, test/ and the browser suites', () => {
    const testCode = [
      'packages/domain/src/amount.test.ts',
      'apps/client/src/components/transaction/transaction-button.test.tsx',
      'packages/adapters/test/support/leader-ledger.contract.ts',
      'tools/repo-checks/test/support/fixtures/long-function/long.ts',
      'apps/stack/e2e/buy/buying.test.ts',
    ];
    const production = [
      'packages/adapters/src/swap-pool/raydium-trade-loopback.ts',
      'apps/bff/src/app.ts',
      'bench/program-cu.ts',
      'packages/domain/src/contest.ts',
    ];
    expect(testCode.filter((file) => !TEST_CODE.test(file))).toEqual([]);
    expect(production.filter((file) => TEST_CODE.test(file))).toEqual([]);
  });
});

describe('the repository follows the test layout', () => {
  const files = repositoryFiles().filter((file) => !file.startsWith(FIXTURES));

  it('unit tests beside the code, suites in test/, support in test/support/, none reached by production code', () => {
    expect(testLayoutProblems(REPO_ROOT, files)).toEqual([]);
  });
});
