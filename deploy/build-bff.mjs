// Compiles the BFF for the container image: apps/bff/src/main.ts and the workspace packages it
// imports (@fbt/*, TypeScript source) into one ES module, apps/bff/dist/main.mjs, with esbuild
// (already installed with Vite and tsx). Every other package stays an import of node_modules,
// so native addons (better-sqlite3) and packages that read their own files at run time
// (@fastify/swagger-ui) load as they do under tsx. The output sits at the same depth as
// apps/bff/src, so paths the BFF resolves against the repository root stay the same. The
// program's IDL (programs/presale/idl/presale.json, served at /idl/presale.json) is compiled in
// as text, since the image holds no programs/ (apps/bff/src/presale-idl.ts).
//
//   node deploy/build-bff.mjs [--outfile apps/bff/dist/main.mjs]
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
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

const presaleIdl = readFileSync(
  new URL('../programs/presale/idl/presale.json', import.meta.url),
  'utf8',
);

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
  define: { FBT_EMBEDDED_PRESALE_IDL: JSON.stringify(presaleIdl) },
});
const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.mjs'));
const kib = output === undefined ? '?' : (output[1].bytes / 1024).toFixed(0);
console.log(`build-bff: ${values.outfile} (${kib} KiB)`);
