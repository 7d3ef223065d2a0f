import type { FastifyPluginCallback } from 'fastify';
import type { TopicFeed } from '../topics/topic';

/** What the topics' own routes serve: the feeds of the topic list. */
export interface TopicRoutesOptions {
  readonly feeds: readonly TopicFeed[];
}

/**
 * `GET` of every topic that declares a route in its file (`src/topics/`, e.g.
 * `/api/v1/price/sol-usd`, `/api/v1/goals`): the cached answer's bytes as they were serialized
 * (hence the untyped reply; the declared zod schemas still document it), or the topic's own
 * error before its first value.
 */
export const topicRoutes: FastifyPluginCallback<TopicRoutesOptions> = (
  fastify,
  { feeds },
  done,
) => {
  for (const { route } of feeds) {
    if (route === undefined) continue;
    fastify.get(route.url, { schema: route.schema }, (_request, reply) => {
      const json = route.json();
      if (json === null) throw route.unavailable();
      return reply.type('application/json').send(json);
    });
  }
  done();
};
