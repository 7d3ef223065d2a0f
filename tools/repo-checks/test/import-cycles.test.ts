import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findImportCycles } from '../src/import-graph';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

describe('the cycle finder', () => {
  it('finds every circle, and only circles', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['f']],
      ['f', ['e']],
      ['g', ['g']],
    ]);
    expect(findImportCycles(graph)).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
  });

  it('finds a circle between real files through TypeScript resolution', () => {
    const dir = path.join(REPO_ROOT, 'tools/repo-checks/test/support/fixtures/cycle');
    const graph = buildImportGraph(['a.ts', 'b.ts', 'c.ts'].map((file) => path.join(dir, file)));
    expect(
      findImportCycles(graph).map((cycle) => cycle.map((file) => path.basename(file))),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});

describe('the repository has no import circle', () => {
  it('across every workspace, workspace packages included', () => {
    const files = repositoryFiles()
      .filter(
        (file) => SOURCE.test(file) && !file.startsWith('tools/repo-checks/test/support/fixtures/'),
      )
      .map((file) => path.join(REPO_ROOT, file));
    const graph = buildImportGraph(files);
    // Sanity: workspace imports resolve to source files (the BFF imports the domain).
    const bffApp = path.join(REPO_ROOT, 'apps/bff/src/create-bff.ts');
    expect(graph.get(bffApp)?.some((file) => file.includes('/packages/domain/src/'))).toBe(true);
    const cycles = findImportCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(REPO_ROOT, file)),
    );
    expect(cycles).toEqual([]);
  });
});
