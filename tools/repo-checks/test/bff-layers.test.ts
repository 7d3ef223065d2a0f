import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BFF_LAYERS, BFF_SOURCE } from '../src/bff-layers';
import { buildImportGraph } from '../src/import-graph';
import { checkLayerOrder } from '../src/layer-order';
import { REPO_ROOT, repositoryFiles } from '../src/tracked-files';

describe('the layer order check', () => {
  const root = path.join(REPO_ROOT, 'tools/repo-checks/test/support/fixtures/layers');
  const files = ['low/base.ts', 'low/clock.ts', 'low/units.ts', 'low/shapes.ts', 'high/page.ts']
    .concat(['top.ts', 'stray.ts'])
    .map((file) => path.join(root, file));
  const layers = [
    { name: 'low', paths: ['low/'] },
    { name: 'high', paths: ['high/'] },
    { name: 'top', paths: ['top.ts'] },
  ];

  it('finds every import from a lower layer into a higher one, type-only ones too', () => {
    expect(checkLayerOrder(buildImportGraph(files), root, layers).upward).toEqual([
      { from: 'low/clock.ts', fromLayer: 'low', to: 'high/page.ts', toLayer: 'high' },
      { from: 'low/shapes.ts', fromLayer: 'low', to: 'high/page.ts', toLayer: 'high' },
    ]);
  });

  it('names the files no layer holds', () => {
    expect(checkLayerOrder(buildImportGraph(files), root, layers).unplaced).toEqual(['stray.ts']);
  });

  it('passes a graph whose imports all point down or sideways', () => {
    const downward = files.filter((file) => !/clock|shapes|stray/.test(file));
    expect(checkLayerOrder(buildImportGraph(downward), root, layers)).toEqual({
      upward: [],
      unplaced: [],
    });
  });
});

describe("the BFF's layers", () => {
  it('no BFF source file imports a layer above its own, and every one has a layer', () => {
    const root = path.join(REPO_ROOT, BFF_SOURCE);
    const files = repositoryFiles()
      .filter((file) => file.startsWith(`${BFF_SOURCE}/`) && file.endsWith('.ts'))
      // A test may import whatever it exercises.
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => path.join(REPO_ROOT, file));
    const graph = buildImportGraph(files);
    // Sanity: the graph holds the app's own edges (the routes read the topics).
    expect(graph.get(path.join(root, 'routes/index.ts'))).toContain(
      path.join(root, 'routes/topic-routes.ts'),
    );
    expect(checkLayerOrder(graph, root, BFF_LAYERS)).toEqual({ upward: [], unplaced: [] });
  });
});
