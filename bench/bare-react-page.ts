import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** What goes in the page: its `<head>` and the JSX of its one hash route. */
export interface BarePageContent {
  readonly head: string;
  readonly routeElement: string;
}

/**
 * Builds a bare React + react-dom + hash-router page with one route (the framework floor the
 * benches compare the site against) with Vite, with a manifest. The build folder is made
 * inside bench/ so `react` resolves from the workspace's node_modules; the caller removes
 * `root` when done.
 */
export async function buildBareReactPage(
  prefix: string,
  content: BarePageContent,
): Promise<{ root: string; dist: string }> {
  const root = mkdtempSync(join(dirname(fileURLToPath(import.meta.url)), prefix));
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head>${content.head}</head><body><div id="root"></div>` +
      '<script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'src/main.tsx'),
    [
      "import { createRoot } from 'react-dom/client';",
      "import { createHashRouter, RouterProvider } from 'react-router';",
      `const router = createHashRouter([{ path: '/', element: ${content.routeElement} }]);`,
      "createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);",
    ].join('\n'),
  );
  const dist = join(root, 'dist');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: dist, manifest: true, target: 'es2022' },
  });
  return { root, dist };
}
