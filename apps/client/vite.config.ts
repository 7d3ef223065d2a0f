import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { prerenderPages } from './vite-prerender.ts';
import { firstPaint } from './vite-first-paint.ts';

/**
 * Text assets the BFF may answer precompressed. Images and fonts are left out (their formats
 * are compressed already), and so is Vite's `.vite/` manifest (read by tools, never served).
 */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Images smaller than this are inlined into the code that shows them. */
const INLINE_LIMIT_BYTES = 2048;
/** Below this many bytes an encoded copy saves less than the headers it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The BFF serves `dist/` at `/` and the API under `/api/v1`, so the dev server proxies the API
 * to a locally running BFF (PORT 8080 by default) and the build writes a manifest that
 * `bench/client-bundle.ts` reads to size each route.
 *
 * Every build also writes `<file>.br` and `<file>.gz` next to each compressible asset, once and
 * at the strongest settings (brotli 11, gzip 9): the BFF serves them by `Accept-Encoding`
 * (`preCompressed` in apps/bff/src/routes/client.ts), so no request pays for compression and
 * visitors get smaller files than on-the-fly compression at a cheap level would give.
 * Originals stay for clients that accept neither; a copy that would not be smaller is skipped.
 */
export default defineConfig({
  plugins: [
    react(),
    // Starts the app from a head script: home and the presale page paint their build-time
    // markup first, and other deep links (#/leader?code=…) fetch their route's chunks
    // alongside the entry.
    firstPaint(),
    // Home's and the presale page's first paint is markup rendered at build time, shown
    // before any script runs.
    prerenderPages(),
    compression({
      include: COMPRESSIBLE,
      exclude: /(?:^|[\\/])\.vite[\\/]/,
      threshold: COMPRESS_THRESHOLD_BYTES,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: zlibConstants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      // Buy flow: drops Mobile Wallet Adapter from the presale route (see the stub's comment).
      '@solana-mobile/wallet-adapter-mobile': fileURLToPath(
        new URL('./src/features/wallet/lib/no-mobile-wallet-adapter.ts', import.meta.url),
      ),
    },
  },
  // The answer-checking worker (src/lib/wire-worker.ts) is an ES module, like the page's code.
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry needs at once is one chunk: left to itself, Rolldown
              // splits the modules the lazy pages also use into a dozen small chunks, each a
              // request of its own before the first paint (6 at a time over HTTP/1.1). The
              // entry module stays out, so the entry chunk and its manifest entry remain.
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !/[\\/]index\.html$|[\\/]src[\\/]main\.tsx$/.test(id),
            },
          ],
        },
      },
    },
    manifest: true,
    target: 'es2022',
    // Small images go inline (a request saved), except the private and leader pages' eyes:
    // hidden on phones, they would only weigh on those pages' JavaScript there.
    assetsInlineLimit: (file, content) =>
      !/[\\/]eyes-[a-z]+\.svg$/.test(file) && content.length < INLINE_LIMIT_BYTES,
  },
});
