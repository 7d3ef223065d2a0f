/**
 * The stream's data messages (`{"type","topic","data"}`, see the domain's
 * `streamServerMessageSchema`), built in one place. The cached answers are already serialized
 * once per change, so their JSON is spliced in as `data` instead of being parsed and
 * serialized again for every broadcast; `envelopes.test.ts` checks that each envelope parses
 * with the schema unchanged.
 */
import type { StreamServerMessage } from '@fbt/domain';

/** The stream messages that carry a cached answer. */
type DataMessage = Extract<StreamServerMessage, { data: unknown }>;

/** `presale`, `price`, `goals`, `leaderboard`: the type of a data message. */
export type DataMessageType = DataMessage['type'];

/** The topics a message of type `T` may name. */
export type DataMessageTopic<T extends DataMessageType> = Extract<
  DataMessage,
  { type: T }
>['topic'];

/**
 * One data envelope. `type` and `topic` are fixed identifiers of the schema (no character in
 * them needs escaping), so they are written as they are; `dataJson` must be the serialized
 * answer the schema expects for `type`.
 */
export function dataEnvelope<T extends DataMessageType>(
  type: T,
  topic: DataMessageTopic<T>,
  dataJson: string,
): string {
  return `{"type":"${type}","topic":"${topic}","data":${dataJson}}`;
}
