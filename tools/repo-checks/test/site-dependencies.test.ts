import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/tracked-files';

/** What `npm ls` reports for a workspace: the packages found, nested. */
interface NpmTree {
  readonly dependencies?: Readonly<Record<string, NpmTree>>;
}

function namesIn(tree: NpmTree, into = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    into.add(name);
    namesIn(child, into);
  }
  return into;
}

/**
 * The packages among `packages` in the installed trees of `workspaces`: the whole trees (dev
 * dependencies of linked workspaces included), or with `omitDev` what they need at run time.
 */
function workspaceTree(
  workspaces: readonly string[],
  packages: readonly string[],
  { omitDev = false } = {},
): Set<string> {
  // `npm ls` exits 1 when none of the packages is found: the JSON on stdout is the answer.
  const args = [
    'ls',
    ...packages,
    ...workspaces.flatMap((name) => ['-w', name]),
    '--json',
    '--all',
  ];
  const { stdout, error } = spawnSync('npm', omitDev ? [...args, '--omit=dev'] : args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (error !== undefined) throw error;
  return namesIn(JSON.parse(stdout) as NpmTree);
}

/** The site's whole installed tree (dev dependencies of linked workspaces included). */
function siteTree(...packages: string[]): Set<string> {
  return workspaceTree(['@fbt/client'], packages);
}

describe("the site's dependency tree", () => {
  it('holds neither litesvm, the linker, the program build nor any server workspace', () => {
    const server = [
      'litesvm',
      '@fbt/sbpf-link',
      '@fbt/presale-program',
      '@fbt/bff',
      '@fbt/adapters',
      '@fbt/localnet',
      '@fbt/operator',
      '@fbt/stack',
    ];
    expect([...siteTree(...server)].filter((name) => server.includes(name))).toEqual([]);
  });

  it('does hold what it bundles (the check sees real packages)', () => {
    expect(siteTree('@fbt/presale-client', '@fbt/purchase')).toEqual(
      new Set(['@fbt/client', '@fbt/presale-client', '@fbt/purchase']),
    );
  });
});

/**
 * `@solana/spl-token` brings `bigint-buffer` (advisory GHSA-3gc7-fjrx-p6mg, no fixed release):
 * the site, the BFF and every package they ship use the client's own token-account helpers, and
 * keep the library for their tests only.
 */
describe('what the site and the BFF ship', () => {
  const library = ['@solana/spl-token', '@solana/buffer-layout-utils', 'bigint-buffer'];
  const shipped = [
    '@fbt/client',
    '@fbt/bff',
    '@fbt/presale-client',
    '@fbt/purchase',
    '@fbt/adapters',
    '@fbt/domain',
    '@fbt/keypair-wallet',
  ];

  it('needs neither @solana/spl-token nor bigint-buffer at run time', () => {
    const found = workspaceTree(shipped, library, { omitDev: true });
    expect(library.filter((name) => found.has(name))).toEqual([]);
  });

  it("the check sees the library where a test uses it (the BFF's development tree)", () => {
    expect([...workspaceTree(['@fbt/bff'], library)]).toEqual(
      expect.arrayContaining(['@solana/spl-token', 'bigint-buffer']),
    );
  });
});
