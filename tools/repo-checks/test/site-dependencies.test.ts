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

/** The site's whole installed tree (dev dependencies of linked workspaces included). */
function siteTree(...packages: string[]): Set<string> {
  // `npm ls` exits 1 when none of the packages is found: the JSON on stdout is the answer.
  const { stdout, error } = spawnSync(
    'npm',
    ['ls', ...packages, '-w', '@fbt/client', '--json', '--all'],
    { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  if (error !== undefined) throw error;
  return namesIn(JSON.parse(stdout) as NpmTree);
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
