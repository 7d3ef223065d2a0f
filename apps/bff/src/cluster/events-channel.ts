/**
 * Messages on a deployment's events channel (`fbt:<programId>:events`): who sent it, what kind
 * it is, the name it is about and its payload, as `<from>\n<kind>\n<name>\n<payload>`. Names
 * and instance ids hold no newline; the payload may.
 */

/**
 * `entry`: a cached entry of the lease holder; `refresh`: another instance asks the holder to
 * read a topic again (the name is the topic's, the payload empty).
 */
export type EventKind = 'entry' | 'refresh';

/** One message of the events channel, read back. */
export interface ChannelEvent {
  readonly from: string;
  readonly kind: string;
  readonly name: string;
  readonly payload: string;
}

/** A message for the events channel. */
export function frame(from: string, kind: EventKind, name: string, payload: string): string {
  return `${from}\n${kind}\n${name}\n${payload}`;
}

/** A message of the events channel, or null when it is not one. */
export function unframe(message: string): ChannelEvent | null {
  const first = message.indexOf('\n');
  const second = message.indexOf('\n', first + 1);
  const third = message.indexOf('\n', second + 1);
  if (first < 0 || second < 0 || third < 0) return null;
  return {
    from: message.slice(0, first),
    kind: message.slice(first + 1, second),
    name: message.slice(second + 1, third),
    payload: message.slice(third + 1),
  };
}
