/**
 * The app's root HTTP layers one at a time, on a bare Fastify server: what `bench/bff-http.ts`
 * (`BENCH_LAYERS=1`) puts beside the bare server to say what each layer costs per request.
 * Each is registered exactly as `buildApp` registers it. Test tooling only.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { requestLogging } from '../../src/app';
import { compressionPlugin } from '../../src/plugins/external/compression';
import { metricsPlugin } from '../../src/plugins/external/metrics';
import { securityPlugin } from '../../src/plugins/external/security';

/** The layers {@link serverWithLayer} adds. */
export const HTTP_LAYERS = [
  'security headers + rate limit',
  'metrics + request id header',
  'compression',
  'logger at warn + request ids',
] as const;

export type HttpLayer = (typeof HTTP_LAYERS)[number];

/** A Fastify server with `layer` (or nothing, for `null`), not yet given its routes. */
export async function serverWithLayer(layer: HttpLayer | null): Promise<FastifyInstance> {
  if (layer === 'logger at warn + request ids') {
    return Fastify(requestLogging({ level: 'warn' }));
  }
  const server = Fastify();
  if (layer === 'security headers + rate limit') {
    await server.register(securityPlugin, { corsOrigins: [], rateLimitMax: 1_000_000_000 });
  } else if (layer === 'metrics + request id header') {
    await server.register(metricsPlugin, {});
  } else if (layer === 'compression') {
    await server.register(compressionPlugin);
  }
  return server;
}
