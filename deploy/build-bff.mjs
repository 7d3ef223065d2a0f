// Compiles the BFF for the container image: apps/bff/src/main.ts and the workspace packages it
// imports (@fbt/*, TypeScript source) into one ES module, apps/bff/dist/main.mjs, with esbuild
// (already installed with Vite and tsx). Every other package stays an import of node_modules,
// so native addons (better-sqlite3) and packages that read their own files at run time
// (@fastify/swagger-ui) load as they do under tsx. The output sits at the same depth as
// apps/bff/src, so paths the BFF resolves against the repository root stay the same.
//
//   node deploy/build-bff.mjs [--outfile apps/bff/dist/main.mjs]
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { outfile: { type: 'string', default: 'apps/bff/dist/main.mjs' } },
});

/** Bare imports outside the workspace (`@fbt/*`) stay external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fbt/') ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  absWorkingDir: REPO_ROOT,
  entryPoints: ['apps/bff/src/main.ts'],
  outfile: values.outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
});
const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.mjs'));
const kib = output === undefined ? '?' : (output[1].bytes / 1024).toFixed(0);
console.log(`build-bff: ${values.outfile} (${kib} KiB)`);
