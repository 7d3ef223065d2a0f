import { apiErrorBodySchema, goalsResponseSchema } from '@fbt/domain';
import { HttpError } from '../http/http-error';
import { createGoalsCache } from '../services/goals-cache';
import { cachedFeed } from './feeds';
import { countedCall, defineTopic, requirePeriod } from './topic';

/** The answer while a community count has never been read. */
export function goalsUnavailable(): HttpError {
  return new HttpError('GOALS__UNAVAILABLE', 'Community counts are not read yet.', 503, 5);
}

/**
 * Telegram members and X followers (`goals`): each count read every `GOALS_REFRESH_MS` (counted
 * as `community`/`telegram` and `community`/`twitter`); the `goals` message carries the combined
 * `GoalsResponse`, served as the same bytes at `GET /api/v1/goals`; read by the upstream lease
 * holder only; each count unfit for `/readyz` once older than three refresh periods. The legacy
 * goals routes `/gettg` and `/gettw` read the same cache (`routes/legacy-goals.ts`).
 */
export const goalsTopic = defineTopic({
  handle: 'goalsCache',
  refreshSetting: 'goalsRefreshMs',
  maxAgeMs: (refreshMs) => refreshMs * 3,
  create(context) {
    const { counters, clock } = context.deps;
    const { refreshMs, maxAgeMs } = requirePeriod(context);
    const cache = createGoalsCache({
      counters: {
        getCount: (community) =>
          countedCall(context, 'community', community, () => counters.getCount(community)),
      },
      clock,
      refreshMs,
      maxAgeMs,
      onError: (community, error) => context.refreshFailed(`goals:${community}`, error),
    });
    const resources = [cache.resources.telegram, cache.resources.twitter];
    return {
      cache,
      feeds: [
        cachedFeed('goals', 'goals', cache, {
          url: '/api/v1/goals',
          schema: {
            tags: ['market'],
            summary: 'Telegram members and X followers, cached',
            response: { 200: goalsResponseSchema, 503: apiErrorBodySchema },
          },
          unavailable: goalsUnavailable,
        }),
      ],
      shared: { by: 'lease-holder', entries: resources },
      health: () => resources.map((resource) => resource.health()),
      start: (scheduler) => cache.start(scheduler),
    };
  },
});
