import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The packages a compiled ES module loads from node_modules: the bare specifiers of its
 * `import … from`, `import "…"`, `import(…)`, `require(…)` and `….resolve(…)` (a package located
 * through `createRequire`), reduced to the package name; Node's builtins left out.
 */
export function bundlePackageImports(code: string): Set<string> {
  const specifiers = [
    ...code.matchAll(/(?:\bfrom|\bimport|\brequire\(|\.resolve\()\s*["']([^"'./][^"']*)["']/g),
  ].map((match) => match[1] ?? '');
  return new Set(
    specifiers
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
}

/** Every package installed in a node_modules tree, nested copies included: name -> versions. */
export function installedPackages(nodeModules: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(dir, entry))) addPackage(join(dir, entry, scoped));
      } else addPackage(join(dir, entry));
    }
  };
  const addPackage = (folder: string): void => {
    const manifestPath = join(folder, 'package.json');
    if (!existsSync(manifestPath)) return;
    const { name, version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      name: string;
      version: string;
    };
    found.set(name, [...(found.get(name) ?? []), version]);
    visit(join(folder, 'node_modules'));
  };
  visit(nodeModules);
  return found;
}
