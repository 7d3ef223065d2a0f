import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Relative paths in the config are resolved against the repository root, whatever the cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** An absolute path as given; a relative one from the repository root. */
export function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}
