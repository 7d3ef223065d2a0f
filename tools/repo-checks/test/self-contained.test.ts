import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT as repoRoot, repositoryFiles as trackedFiles } from '../src/tracked-files';

describe('the repository is self-contained', () => {
  it('no tracked file reads the sibling reference folder', () => {
    const offenders = trackedFiles().filter((file) => {
      if (/\.(so|o|png|jpg|webp|woff2?|ico|pdf)$/.test(file)) return false;
      if (file === 'tools/repo-checks/test/self-contained.test.ts') return false;
      return /\.\.\/shared\b|\/work\/shared\b/.test(readFileSync(`${repoRoot}${file}`, 'utf8'));
    });
    expect(offenders).toEqual([]);
  });
});

describe('CI runs exactly the documented test command', () => {
  it('the README documents both commands and .ci/run calls the test one', () => {
    const readme = readFileSync(`${repoRoot}README.md`, 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
    const ci = readFileSync(`${repoRoot}.ci/run`, 'utf8');
    expect(ci).toMatch(/^\s*npm install && npm test\s*$/m);
  });
});
