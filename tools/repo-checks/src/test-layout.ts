import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { buildImportGraph, type ImportGraph } from './import-graph';
import { isTestPlace, misplacedReason, placeOf, type Place } from './test-places';

/** A workspace: its folder and the files its package.json offers (exports and bins). */
export interface Workspace {
  readonly dir: string;
  /** Export key (`.`, `./testing`, …) → file, from the repository root. */
  readonly exports: ReadonlyMap<string, string>;
  /** The files its `bin` runs, from the repository root. */
  readonly bins: readonly string[];
}

/** An export key that offers test support: `./testing` or one under it. */
export const isTestingExport = (key: string): boolean =>
  key === './testing' || key.startsWith('./testing/');

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
/** A package subpath that offers test support, e.g. `@fbt/adapters/testing`. */
const TESTING_SPECIFIER = /^@[^/]+\/[^/]+\/testing(\/|$)/;

function targets(value: unknown, dir: string): Map<string, string> {
  const entries: [string, unknown][] =
    typeof value === 'string' ? [['.', value]] : Object.entries(value ?? {});
  return new Map(
    entries
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, target]) => [key, path.posix.join(dir, target)]),
  );
}

/** The workspaces among `files` (paths from `root`): every folder with a package.json but root. */
export function readWorkspaces(root: string, files: readonly string[]): Workspace[] {
  return files
    .filter((file) => file.endsWith('/package.json'))
    .map((file) => {
      const dir = path.posix.dirname(file);
      const manifest = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {
        exports?: unknown;
        bin?: unknown;
      };
      return {
        dir,
        exports: targets(manifest.exports, dir),
        bins: [...targets(manifest.bin, dir).values()],
      };
    })
    .sort((a, b) => b.dir.length - a.dir.length);
}

/** The layout of one repository (or fixture): its files, workspaces and import graph. */
interface Layout {
  readonly workspaces: readonly Workspace[];
  /** Source file (from root) → its workspace and place. */
  readonly places: ReadonlyMap<string, { workspace: Workspace; place: Place }>;
  /** Source file → the source files it imports (from root). */
  readonly imports: ReadonlyMap<string, readonly string[]>;
  readonly specifiers: (file: string) => readonly string[];
}

function relativeGraph(root: string, graph: ImportGraph): Map<string, string[]> {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return new Map(
    [...graph].map(([file, imported]) => [relative(file), imported.map((to) => relative(to))]),
  );
}

function readLayout(root: string, files: readonly string[]): Layout {
  const workspaces = readWorkspaces(root, files);
  const places = new Map<string, { workspace: Workspace; place: Place }>();
  for (const file of files) {
    const workspace = workspaces.find((candidate) => file.startsWith(`${candidate.dir}/`));
    if (workspace !== undefined)
      places.set(file, { workspace, place: placeOf(file, workspace.dir) });
  }
  const sources = [...places.keys()].filter((file) => SOURCE.test(file));
  const imports = relativeGraph(
    root,
    buildImportGraph(sources.map((file) => path.join(root, file))),
  );
  const specifiers = (file: string) =>
    ts
      .preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true)
      .importedFiles.map((reference) => reference.fileName);
  return { workspaces, places, imports, specifiers };
}

const isTestCode = (layout: Layout, file: string): boolean => {
  const known = layout.places.get(file);
  return known !== undefined && isTestPlace(known.place);
};

/** A production file under a workspace's `src/` that imports test code or a `./testing` export. */
function srcImportProblems(layout: Layout): string[] {
  const problems: string[] = [];
  for (const [file, { workspace, place }] of layout.places) {
    if (place !== 'production' || !file.startsWith(`${workspace.dir}/src/`)) continue;
    if (!layout.imports.has(file)) continue;
    for (const specifier of layout.specifiers(file)) {
      if (TESTING_SPECIFIER.test(specifier)) {
        problems.push(`${file}: production code imports test support (${specifier})`);
      }
    }
    for (const target of layout.imports.get(file) ?? []) {
      if (isTestCode(layout, target)) {
        problems.push(`${file}: production code imports test code (${target})`);
      }
    }
  }
  return problems;
}

/** The chain of imports from `entry` to the first test code it reaches, or null. */
function pathToTestCode(layout: Layout, entry: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (isTestCode(layout, file)) {
      const chain: string[] = [];
      for (let at: string | null = file; at !== null; at = parent.get(at) ?? null) chain.push(at);
      return chain.reverse();
    }
    for (const target of layout.imports.get(file) ?? []) {
      if (!parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

/** A production entry (an export but `./testing`, a bin) that reaches test code. */
function entryProblems(layout: Layout): string[] {
  const problems: string[] = [];
  for (const workspace of layout.workspaces) {
    const entries = [...workspace.exports]
      .filter(([key]) => !isTestingExport(key))
      .map(([key, file]) => ({ name: `${workspace.dir} exports["${key}"]`, file }))
      .concat(workspace.bins.map((file) => ({ name: `${workspace.dir} bin`, file })));
    for (const { name, file } of entries) {
      const chain = pathToTestCode(layout, file);
      if (chain !== null) problems.push(`${name} reaches test code: ${chain.join(' -> ')}`);
    }
  }
  return problems;
}

/**
 * Where test code sits: misplaced tests and support, `./testing` exports that point outside
 * `test/support/`, and modules under `src/` that only tests import (test support in `src/`) in
 * a workspace that ships code (exports or a bin; a workspace of checks, whose suites are its
 * only users, ships none).
 */
function placementProblems(layout: Layout): string[] {
  const problems: string[] = [];
  const productionTargets = new Set(
    layout.workspaces.flatMap((workspace) =>
      [...workspace.exports]
        .filter(([key]) => !isTestingExport(key))
        .map(([, file]) => file)
        .concat(workspace.bins),
    ),
  );
  const importers = new Map<string, string[]>();
  for (const [file, targets] of layout.imports) {
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  for (const [file, { workspace, place }] of layout.places) {
    const reason = misplacedReason(file, workspace.dir, place);
    if (reason !== null) problems.push(`${file}: ${reason}`);
    const users = importers.get(file) ?? [];
    const ships = workspace.exports.size > 0 || workspace.bins.length > 0;
    const testOnly =
      ships &&
      place === 'production' &&
      file.startsWith(`${workspace.dir}/src/`) &&
      !productionTargets.has(file) &&
      users.length > 0 &&
      users.every((user) => isTestCode(layout, user));
    if (testOnly) {
      problems.push(
        `${file}: only tests import it, so it is test support: move it to test/support/`,
      );
    }
  }
  for (const workspace of layout.workspaces) {
    for (const [key, file] of workspace.exports) {
      if (isTestingExport(key) && !file.startsWith(`${workspace.dir}/test/support/`)) {
        problems.push(
          `${workspace.dir} exports["${key}"]: test support is exported from test/support/ (${file})`,
        );
      }
    }
  }
  return problems;
}

/**
 * Every way the repository (or a fixture) at `root` breaks the test layout (see
 * `test-places.ts`), as sorted `path: problem` lines. `files` are the paths from `root` to
 * check.
 */
export function testLayoutProblems(root: string, files: readonly string[]): string[] {
  const layout = readLayout(root, files);
  return [
    ...new Set([
      ...srcImportProblems(layout),
      ...entryProblems(layout),
      ...placementProblems(layout),
    ]),
  ].sort();
}
