import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/tracked-files';

const SCRIPT = path.join(REPO_ROOT, 'scripts/install-system-deps.sh');

/**
 * Runs the script as an unprivileged user (`nobody` through runuser when this run is root)
 * with a PATH that holds only `id`: every package found through PATH reads as missing.
 */
function runWithoutRoot(): { status: number | null; stderr: string } {
  const bin = mkdtempSync(path.join(tmpdir(), 'fbt-sysdeps-'));
  try {
    chmodSync(bin, 0o755);
    symlinkSync('/usr/bin/id', path.join(bin, 'id'));
    const env = { PATH: bin, HOME: bin };
    const asRoot = process.getuid?.() === 0;
    // The script is read here and given on stdin: `nobody` may not reach the checkout.
    const input = readFileSync(SCRIPT, 'utf8');
    const result = asRoot
      ? spawnSync('/usr/sbin/runuser', ['-u', 'nobody', '--', '/bin/bash', '-s'], {
          env,
          input,
          cwd: '/',
          encoding: 'utf8',
        })
      : spawnSync('/bin/bash', ['-s'], { env, input, encoding: 'utf8' });
    return { status: result.status, stderr: result.stderr };
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

describe('the two commands need nothing done by hand first', () => {
  it('npm test installs the system packages itself before anything needs them', () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.test).toMatch(/^bash scripts\/install-system-deps\.sh && /);
    // CI runs the README's command and nothing else: the command does the rest itself.
    const ci = readFileSync(path.join(REPO_ROOT, '.ci/run'), 'utf8');
    expect(ci).not.toContain('install-system-deps');
  });

  it('without root, the script stops at once naming the one command to run', () => {
    const { status, stderr } = runWithoutRoot();
    expect(status).toBe(1);
    expect(stderr).toContain('Missing system packages: clang-19 llvm-19');
    expect(stderr).toMatch(
      /Install them with: {2}sudo apt-get update && sudo apt-get install -y clang-19 llvm-19 .*redis-server docker-compose prometheus/,
    );
  });
});
