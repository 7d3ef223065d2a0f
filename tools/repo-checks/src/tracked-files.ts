import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tools/repo-checks/src/tracked-files.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every file git tracks, plus untracked files not ignored: what a commit would hold. */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '');
}
