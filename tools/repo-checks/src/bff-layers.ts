import type { Layer } from './layer-order';

/** The BFF's source root, from the repository root. */
export const BFF_SOURCE = 'apps/bff/src';

/**
 * The BFF's layers, from the lowest up (paths under `apps/bff/src`). A file may import its own
 * layer and the ones below, so each layer can be read, tested and changed without the ones
 * above it, and the composition root is the only place that knows every part.
 */
export const BFF_LAYERS: readonly Layer[] = [
  /** Refreshing resources and the scheduler: caching that knows nothing of the product. */
  { name: 'cache', paths: ['cache/'] },
  /** The metrics registry and its series. */
  { name: 'observability', paths: ['observability/'] },
  /** Instances sharing one Redis: the upstream lease, shared entries, fan-out. */
  { name: 'cluster', paths: ['cluster/'] },
  /** The ports and settings the app is built from (types only). */
  { name: 'deps', paths: ['app-deps.ts'] },
  /** The app's services over the ports: the caches, the leader service, allowlists, rankings. */
  { name: 'services', paths: ['services/'] },
  /** Speaking HTTP: errors, request ids, logging, timeouts, wire JSON, report answers. */
  { name: 'http', paths: ['http/'] },
  /** The websocket stream: the hub, its frames and envelopes, the leaderboard feed. */
  { name: 'stream', paths: ['stream/'] },
  /** The cached topics, each declared once, and their list. */
  { name: 'topics', paths: ['topics/'] },
  /** Fastify plugins: what the app is built on, and its services as decorations. */
  { name: 'plugins', paths: ['plugins/'] },
  /** One module per URL. */
  { name: 'routes', paths: ['routes/'] },
  /** Building the app and wiring it to a deployment: config, adapters, servers. */
  {
    name: 'composition',
    paths: [
      'app.ts',
      'create-bff.ts',
      'main.ts',
      'index.ts',
      'metrics-server.ts',
      'config.ts',
      'deployment-file.ts',
      'repo-root.ts',
      'presale-idl.ts',
      'site-content-config.ts',
      'chain-wiring.ts',
      'swap-wiring.ts',
      'keeper-key.ts',
      'keeper-wiring.ts',
    ],
  },
];
