import { distributionTopic } from './distribution';
import { goalsTopic } from './goals';
import { leaderboardTopic } from './leaderboard';
import { leadersTopic } from './leaders';
import { presaleTopic } from './presale';
import { priceTopic } from './price';
import type { TopicDefinition } from './topic';

/**
 * Every cached topic of the BFF, each declared once in its own file. Built in this order (a
 * topic may read the cache of one listed before it); `/readyz` lists their upstreams, the
 * background loops start them and the OpenAPI document lists their routes in this order.
 */
export const TOPICS = [
  presaleTopic,
  priceTopic,
  goalsTopic,
  leadersTopic,
  leaderboardTopic,
  distributionTopic,
] as const;

/** Each topic's cache under its handle: what the app is decorated with. */
export type TopicCaches = {
  readonly [
    Definition in (typeof TOPICS)[number] as Definition['handle']
  ]: Definition extends TopicDefinition<string, infer Cache> ? Cache : never;
};
