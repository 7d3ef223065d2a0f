import { spawnSync } from 'node:child_process';

/** Debian's promtool (package `prometheus`): checks Prometheus configs and rules, runs their tests. */
export const PROMTOOL = '/usr/bin/promtool';

/** Fails with the command that installs promtool when it is missing. */
export function requirePromtool(): void {
  if (spawnSync(PROMTOOL, ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `${PROMTOOL} is missing: apt-get install -y prometheus (or bash scripts/install-system-deps.sh)`,
    );
  }
}

/** Runs promtool with `args` in `cwd`; its exit status and everything it printed. */
export function promtool(
  args: readonly string[],
  cwd: string,
): { status: number | null; output: string } {
  requirePromtool();
  const run = spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
