import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
  const hooksBefore = new WeakMap<object, ReadonlySet<unknown>>();
  fastify.addHook('onRoute', function skipUncompressible(route) {
    hooksBefore.set(route, new Set(hookList(route.onSend)));
    if (route.websocket === true || this.hasDecorator(SERVES_PRECOMPRESSED_FILES)) {
      route.compress = false;
    }
  });
  await fastify.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
  });
  // Runs after the hook @fastify/compress added above, so it sees the route's compress hook.
  fastify.addHook('onRoute', function skipSmallAnswersEarly(route) {
    const before = hooksBefore.get(route) ?? new Set();
    if (Array.isArray(route.onSend)) {
      route.onSend = route.onSend.map((hook) => (before.has(hook) ? hook : passSmallAnswers(hook)));
    }
  });
};

function hookList(hooks: unknown): readonly unknown[] {
  if (Array.isArray(hooks)) return hooks as unknown[];
  return hooks === undefined ? [] : [hooks];
}

type OnSendHook = (
  this: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  next: (error?: Error | null, payload?: unknown) => void,
) => void;

/**
 * `@fastify/compress` leaves an answer under the threshold as it is, but only after reading
 * headers, matching the content type against mime-db and negotiating `Accept-Encoding`, on
 * every request; most answers (presales, price, goals, config) are a few hundred bytes. This
 * wraps its `onSend` so a string or Buffer under the threshold goes straight on, unchanged,
 * exactly as the plugin would send it (it never encodes, rewrites or re-heads those); streams
 * and larger answers still go through it.
 */
function passSmallAnswers<Hook>(hook: Hook): Hook {
  if (typeof hook !== 'function' || hook.name !== 'onSend') return hook;
  const compressOnSend = hook as unknown as OnSendHook;
  const wrapped: OnSendHook = function (request, reply, payload, next) {
    if (
      (typeof payload === 'string' && Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES) ||
      (Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD_BYTES)
    ) {
      next(null, payload);
      return;
    }
    compressOnSend.call(this, request, reply, payload, next);
  };
  return wrapped as unknown as Hook;
}

/** `@fastify/compress` on every route declared after it (see {@link compression}). */
export const compressionPlugin = fp(compression, { name: 'compression', fastify: '5.x' });
