/**
 * Where each kind of test lives. One place per kind, in every workspace:
 *
 * - a **unit test** (one module, in-process: no server, chain, browser, database or child
 *   process) sits beside the module it tests, `src/<module>.test.ts` beside `src/<module>.ts`
 *   (`bench/`, which has no `src/`, keeps them beside its modules too);
 * - a **suite** that starts servers, chains, browsers or processes, or reads the repository,
 *   lives in the workspace's `test/`;
 * - a **browser suite** of the whole product lives in `apps/stack/e2e/`;
 * - **test support** (helpers, fixtures, loopback servers, harnesses, a global setup) lives in
 *   the workspace's `test/support/`, outside `src/`, and other workspaces reach it only through
 *   the package's `./testing` export.
 */

/** A test file: its name ends in `.test.ts` or `.test.tsx`. */
export const TEST_FILE = /\.test\.tsx?$/;

/**
 * Test code, by path from the repository root: test files anywhere, everything under a
 * workspace's `test/` (suites and their support), and the browser suites of `apps/stack/e2e/`.
 */
export const TEST_CODE =
  /^(?:(?:packages|apps|programs|tools)\/[^/]+\/|bench\/)test\/|^apps\/stack\/e2e\/|\.test\.tsx?$/;

/** The folder of the whole product's browser suites (the only `e2e/`). */
export const BROWSER_SUITES = 'apps/stack/e2e/';

/** What a file of a workspace is, by where it sits. */
export type Place =
  | 'unit test'
  | 'suite'
  | 'browser suite'
  | 'test support'
  | 'misplaced test'
  | 'misplaced support'
  | 'production';

/** Test code of any kind, misplaced or not: what production code must never reach. */
export function isTestPlace(place: Place): boolean {
  return place !== 'production';
}

/**
 * The place of `file` (from the repository root) in `workspace` (its folder, e.g.
 * `packages/domain`). A README may sit in any test folder.
 */
export function placeOf(file: string, workspace: string): Place {
  const inside = file.slice(workspace.length + 1);
  const isTest = TEST_FILE.test(inside);
  if (inside.startsWith('test/support/')) return isTest ? 'misplaced test' : 'test support';
  if (isTest) {
    if (inside.split('/').includes('__tests__')) return 'misplaced test';
    if (inside.startsWith('src/')) return 'unit test';
    if (inside.startsWith('test/')) return 'suite';
    if (file.startsWith(BROWSER_SUITES)) return 'browser suite';
    return workspace === 'bench' && !inside.includes('/') ? 'unit test' : 'misplaced test';
  }
  if (/(^|\/)README\.md$/.test(inside)) return 'production';
  if (inside.startsWith('test/') || inside.startsWith('e2e/')) return 'misplaced support';
  return 'production';
}

/** What a misplaced file should become, in one sentence. */
export function misplacedReason(file: string, workspace: string, place: Place): string | null {
  const inside = file.slice(workspace.length + 1);
  if (place === 'misplaced test') {
    if (inside.startsWith('test/support/')) {
      return 'a test of test support is a suite: it goes in test/, not test/support/';
    }
    if (inside.split('/').includes('__tests__')) {
      return 'a unit test sits beside its module in src/, not in __tests__/';
    }
    return 'a test goes beside its module in src/, in test/, or (a browser suite of the whole product) in apps/stack/e2e/';
  }
  if (place === 'misplaced support') {
    return 'test support goes in test/support/ (test/ and apps/stack/e2e/ hold suites)';
  }
  return null;
}
