import { PRESALE_VARIANTS, type PresaleVariant } from '@fbt/domain';
import { registerPresaleMetrics } from '../observability/presale-metrics';
import { createPresaleCache } from '../services/presale-cache';
import { cachedFeed, resourceJson } from './feeds';
import { countedCall, defineTopic, requirePeriod } from './topic';

/** `presale:<variant>`: the stream topic of a presale and the name of its cache. */
const topicOf = (variant: PresaleVariant) => `presale:${variant}` as const;

/**
 * The three presale accounts (`presale:public`, `presale:private`, `presale:leader`): read from
 * the chain every `PRESALE_REFRESH_MS` and on every accountSubscribe notification (each read
 * counted as `rpc`/`readPresaleState`, and its failures too); one `presale` message per presale carrying its
 * `PresaleResponse`; read by the upstream lease holder only; unfit for `/readyz` once older than
 * three refresh periods. Served by `/api/v1/presales/:variant` (its own route: the variant is a
 * path parameter).
 */
export const presaleTopic = defineTopic({
  handle: 'presaleCache',
  refreshSetting: 'presaleRefreshMs',
  maxAgeMs: (refreshMs) => refreshMs * 3,
  create(context) {
    const { deployment, presaleReader, clock } = context.deps;
    const { refreshMs, maxAgeMs } = requirePeriod(context);
    const cache = createPresaleCache({
      addresses: {
        public: deployment.presales.public.address,
        private: deployment.presales.private.address,
        leader: deployment.presales.leader.address,
      },
      reader: {
        readPresaleState: (address) =>
          countedCall(context, 'rpc', 'readPresaleState', () =>
            presaleReader.readPresaleState(address),
          ),
        watchPresaleState: presaleReader.watchPresaleState.bind(presaleReader),
      },
      clock,
      refreshMs,
      maxAgeMs,
      nameOf: topicOf,
      onError: (variant, error) => context.refreshFailed(topicOf(variant), error),
    });
    const resources = PRESALE_VARIANTS.map((variant) => cache.resources[variant]);
    registerPresaleMetrics(context.metrics, cache.resources);
    return {
      cache,
      feeds: PRESALE_VARIANTS.map((variant) =>
        cachedFeed('presale', topicOf(variant), resourceJson(cache.resources[variant])),
      ),
      shared: { by: 'lease-holder', entries: resources },
      health: () => resources.map((resource) => resource.health()),
      start: (scheduler) => cache.start(scheduler),
    };
  },
});
