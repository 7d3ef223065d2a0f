import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Module graph: file -> the repository files it imports (type-only imports included). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: false,
};

const host: ts.ModuleResolutionHost = {
  fileExists: (file) => existsSync(file),
  readFile: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
  realpath: (file) => ts.sys.realpath?.(file) ?? file,
};

/**
 * Builds the import graph of `files` (absolute paths) with TypeScript's own module resolution,
 * so relative imports and the workspace packages (`@fbt/*`, symlinked in node_modules and
 * exporting their TypeScript source) resolve exactly as tsc resolves them. Edges to files
 * outside `files` (node_modules, generated code) are dropped.
 */
export function buildImportGraph(files: readonly string[]): ImportGraph {
  const known = new Set(files.map((file) => path.resolve(file)));
  const graph = new Map<string, string[]>();
  for (const file of known) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const reference of info.importedFiles) {
      const resolved = ts.resolveModuleName(reference.fileName, file, COMPILER_OPTIONS, host)
        .resolvedModule?.resolvedFileName;
      if (resolved === undefined) continue;
      const real = path.resolve(ts.sys.realpath?.(resolved) ?? resolved);
      if (known.has(real) && real !== file) targets.add(real);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The import circles of a graph: its strongly connected components with more than one file
 * (Tarjan's algorithm, iterative so deep graphs cannot overflow the stack). Each circle is
 * sorted; circles are sorted by their first file.
 */
export function findImportCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];

  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
