/**
 * The stream's data messages (`{"type","topic","data"}`, see the domain's
 * `streamServerMessageSchema`), built in one place. The cached answers are already serialized
 * once per change, so their JSON is spliced in as `data` instead of being parsed and
 * serialized again for every broadcast; `envelopes.test.ts` checks that each envelope parses
 * with the schema unchanged.
 */
import type { PresaleVariant, StreamServerMessage } from '@fbt/domain';

/** The stream messages that carry a cached answer. */
type DataMessage = Extract<StreamServerMessage, { data: unknown }>;

/** `presale`, `price` or `goals`. */
export type DataMessageType = DataMessage['type'];

/**
 * One data envelope. `type` and `topic` are fixed identifiers of the schema (no character in
 * them needs escaping), so they are written as they are; `dataJson` must be the serialized
 * answer the schema expects for `type`.
 */
function envelope<T extends DataMessageType>(
  type: T,
  topic: Extract<DataMessage, { type: T }>['topic'],
  dataJson: string,
): string {
  return `{"type":"${type}","topic":"${topic}","data":${dataJson}}`;
}

/** The `presale:<variant>` message for a serialized `PresaleResponse`. */
export function presaleEnvelope(variant: PresaleVariant, presaleJson: string): string {
  return envelope('presale', `presale:${variant}`, presaleJson);
}

/** The `price` message for a serialized `PriceResponse`. */
export function priceEnvelope(priceJson: string): string {
  return envelope('price', 'price', priceJson);
}

/** The `goals` message for a serialized `GoalsResponse`. */
export function goalsEnvelope(goalsJson: string): string {
  return envelope('goals', 'goals', goalsJson);
}

/** The `leaderboard` message for a serialized `LeaderboardResponse`. */
export function leaderboardEnvelope(leaderboardJson: string): string {
  return envelope('leaderboard', 'leaderboard', leaderboardJson);
}
