import path from 'node:path';
import type { ImportGraph } from './import-graph';

/** One layer of an app: the files under `paths` (a folder ends in `/`, else one file). */
export interface Layer {
  readonly name: string;
  /** Paths relative to the app's source root. */
  readonly paths: readonly string[];
}

/** An import from a file of a lower layer into a file of a higher one. */
export interface UpwardImport {
  readonly from: string;
  readonly fromLayer: string;
  readonly to: string;
  readonly toLayer: string;
}

/** What {@link checkLayerOrder} finds: imports that run up the layers, files in no layer. */
export interface LayerOrderReport {
  readonly upward: readonly UpwardImport[];
  readonly unplaced: readonly string[];
}

/** The index of the layer `file` (relative to the source root) belongs to, or -1. */
export function layerIndexOf(file: string, layers: readonly Layer[]): number {
  return layers.findIndex((layer) =>
    layer.paths.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)),
  );
}

/**
 * Checks an import graph against `layers`, listed from the lowest up: a file may import files
 * of its own layer and of the layers below it, never of a layer above (type-only imports
 * included: a lower layer that names a higher one's types depends on it as much). Every file of
 * the graph under `root` must belong to a layer, so a new folder is placed on purpose. Paths in
 * the report are relative to `root`, sorted.
 */
export function checkLayerOrder(
  graph: ImportGraph,
  root: string,
  layers: readonly Layer[],
): LayerOrderReport {
  const upward: UpwardImport[] = [];
  const unplaced: string[] = [];
  for (const [file, targets] of graph) {
    const from = path.relative(root, file);
    const fromIndex = layerIndexOf(from, layers);
    if (fromIndex < 0) {
      unplaced.push(from);
      continue;
    }
    for (const target of targets) {
      const to = path.relative(root, target);
      const toIndex = layerIndexOf(to, layers);
      if (toIndex > fromIndex) {
        upward.push({
          from,
          fromLayer: layers[fromIndex]!.name,
          to,
          toLayer: layers[toIndex]!.name,
        });
      }
    }
  }
  const byPath = (a: UpwardImport, b: UpwardImport) =>
    `${a.from} ${a.to}` < `${b.from} ${b.to}` ? -1 : 1;
  return { upward: upward.sort(byPath), unplaced: unplaced.sort() };
}
