import { z } from 'zod';
import { presaleResponseSchema, priceResponseSchema, goalsResponseSchema } from './api-schemas';
import { distributionResponseSchema } from './distribution';
import { leaderboardResponseSchema } from './leader-api-schemas';

/** Wire schemas of the live stream (`/api/v1/stream`): topics, and messages each way. */

/**
 * Every topic of the live stream, each named once. The BFF serves each from one declaration of
 * its topic list, and a subscription names at most this many.
 */
export const STREAM_TOPICS = [
  'presale:public',
  'presale:private',
  'presale:leader',
  'price',
  'goals',
  'leaderboard',
  'distribution:public',
  'distribution:private',
  'distribution:leader',
] as const;

export const streamTopicSchema = z.enum(STREAM_TOPICS);
export type StreamTopic = z.infer<typeof streamTopicSchema>;

/** What a browser may send on `/api/v1/stream`: one to every topic at once. */
export const streamClientMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  topics: z.array(streamTopicSchema).min(1).max(STREAM_TOPICS.length),
});
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;

/** What the BFF sends on `/api/v1/stream`. */
export const streamServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('presale'), topic: streamTopicSchema, data: presaleResponseSchema }),
  z.object({ type: z.literal('price'), topic: z.literal('price'), data: priceResponseSchema }),
  z.object({ type: z.literal('goals'), topic: z.literal('goals'), data: goalsResponseSchema }),
  /** Sent when a leader buy is recorded (on any instance): the top of the leaderboard. */
  z.object({
    type: z.literal('leaderboard'),
    topic: z.literal('leaderboard'),
    data: leaderboardResponseSchema,
  }),
  /** A presale's distribution at completion: its phase, "N of M" buyers, completion and escrow. */
  z.object({
    type: z.literal('distribution'),
    topic: streamTopicSchema,
    data: distributionResponseSchema,
  }),
  z.object({ type: z.literal('heartbeat'), at: z.number().int() }),
  z.object({
    type: z.literal('error'),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type StreamServerMessage = z.infer<typeof streamServerMessageSchema>;
