import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Smallest answer worth compressing: below about a kilobyte the saving is smaller than the
 * headers it costs, and small answers (`/healthz`, the price) are most of the traffic.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The decorator a scope sets when its routes send files the build encoded already (the site,
 * apps/bff/src/routes/client.ts): this plugin leaves those routes alone. What such a route
 * sends unencoded was left so on purpose (too small to gain, or an image format that is
 * compressed already); encoding it per request would make tiny files larger and send
 * `content-encoding` on 304s. A decorator, because `@fastify/static` takes no per-route
 * `compress` option and the scope is what both sides can name.
 */
export const SERVES_PRECOMPRESSED_FILES = 'servesPrecompressedFiles';

/**
 * Compresses answers of 1 KiB and more (the JSON API, `/rpc`, `/metrics`, the docs) with
 * brotli or gzip, as the request's `Accept-Encoding` allows (br preferred); a request that
 * accepts neither gets the bytes as they are.
 *
 * - Registered on the root before every route: `@fastify/compress` hooks each route as it is
 *   declared, so routes declared earlier would not be compressed.
 * - br and gzip only: every browser accepts them; zstd and deflate would add encodings to test
 *   and cache for no visitor.
 * - Brotli at quality 4, the plugin's default for answers made per request: quality 11 is for
 *   files compressed once at build time (the site's `.br` files), not for each answer.
 * - The websocket route is left alone: its upgrade is hijacked and never passes the hook, and
 *   saying so keeps it that way if a plain GET answer is ever added to it.
 * - The site's files are left alone (see {@link SERVES_PRECOMPRESSED_FILES}); besides, an
 *   answer that already carries `content-encoding` is never encoded twice.
 * - `/rpc` is compressed too: it buffers the upstream answer before sending it (nothing is
 *   streamed), and `fetch` in the browser decodes it.
 * - Request bodies are not decompressed: our bodies are small JSON, and inflating them would
 *   open a way around the body limits for nothing.
 */
const compression: FastifyPluginAsync = async (fastify) => {
  // Runs before the hook @fastify/compress adds below, which reads `compress` on each route.
  fastify.addHook('onRoute', function skipUncompressible(route) {
    if (route.websocket === true || this.hasDecorator(SERVES_PRECOMPRESSED_FILES)) {
      route.compress = false;
    }
  });
  await fastify.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
  });
};

/** `@fastify/compress` on every route declared after it (see {@link compression}). */
export const compressionPlugin = fp(compression, { name: 'compression', fastify: '5.x' });
