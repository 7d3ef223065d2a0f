import type WebSocket from 'ws';
import type { Clock, StreamTopic } from '@fbt/domain';
import { streamClientMessageSchema } from '@fbt/domain';
import type { Scheduler } from '../cache/scheduler';
import {
  CLOSE_POLICY,
  createStreamClients,
  type StreamClient,
  type StreamClients,
} from './stream-clients';

/** Options of {@link createStreamHub}. */
export interface StreamHubOptions {
  readonly clock: Clock;
  readonly heartbeatMs: number;
  /** A client whose unsent bytes exceed this is dropped instead of buffered further. */
  readonly maxBufferBytes: number;
  readonly maxClients: number;
  /** Sockets one client address may hold open at once. */
  readonly maxClientsPerAddress: number;
  /** The current message of a topic (already serialized), sent at once on subscribe. */
  readonly currentMessage: (topic: StreamTopic) => string | null;
}

/** Counters of the hub, for /metrics. */
export interface StreamStats {
  readonly clients: number;
  readonly dropped: number;
  readonly sent: number;
}

/** Fans cached updates out to websocket clients. */
export interface StreamHub {
  /** Takes over a newly opened socket from `address` (the client IP). */
  attach(socket: WebSocket, address: string): void;
  /** Sends an already-serialized message to every subscriber of `topic`. */
  publish(topic: StreamTopic, message: string): void;
  /** Starts heartbeats; returns a stop function. */
  start(scheduler: Scheduler): () => void;
  /** Closes every socket with 1001 (going away) and waits until they are gone. */
  closeAll(): Promise<void>;
  stats(): StreamStats;
}

const CLOSE_GOING_AWAY = 1001;

function errorMessage(code: string, message: string): string {
  return JSON.stringify({ type: 'error', error: { code, message } });
}

/**
 * A client's subscribe or unsubscribe: a new topic is answered at once with its current
 * message; anything that is not a valid message is answered with `STREAM__BAD_MESSAGE`.
 */
function onClientMessage(
  client: StreamClient,
  raw: unknown,
  clients: StreamClients,
  currentMessage: (topic: StreamTopic) => string | null,
): void {
  let payload: unknown;
  try {
    payload = JSON.parse(String(raw));
  } catch {
    clients.send(client, errorMessage('STREAM__BAD_MESSAGE', 'Messages must be JSON.'));
    return;
  }
  const parsed = streamClientMessageSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    clients.send(
      client,
      errorMessage(
        'STREAM__BAD_MESSAGE',
        `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`,
      ),
    );
    return;
  }
  for (const topic of parsed.data.topics) {
    if (parsed.data.type === 'unsubscribe') {
      client.topics.delete(topic);
      continue;
    }
    if (client.topics.has(topic)) continue;
    client.topics.add(topic);
    const current = currentMessage(topic);
    if (current !== null) clients.send(client, current);
  }
}

/** One heartbeat round: a client that did not answer the last ping is dropped. */
function heartbeat(clients: StreamClients, clock: Clock): void {
  const beat = JSON.stringify({ type: 'heartbeat', at: clock.now() });
  for (const client of clients.list()) {
    if (!client.alive) {
      clients.drop(client, CLOSE_POLICY, 'heartbeat timeout');
      continue;
    }
    client.alive = false;
    clients.send(client, beat);
    if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
  }
}

/** Closes every socket with 1001 (going away) and resolves once they are gone (2 s at most). */
async function closeEvery(clients: StreamClients): Promise<void> {
  const closing = clients.list().map(
    (client) =>
      new Promise<void>((resolve) => {
        if (client.socket.readyState === client.socket.CLOSED) return resolve();
        client.socket.once('close', () => resolve());
        client.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
        setTimeout(() => {
          client.socket.terminate();
          resolve();
        }, 2_000).unref();
      }),
  );
  clients.clear();
  await Promise.all(closing);
}

/**
 * Creates a {@link StreamHub}. Each broadcast is serialized and framed once; a client that
 * cannot keep up (its `bufferedAmount` is over the limit) is terminated, so memory stays
 * bounded per client.
 */
export function createStreamHub(options: StreamHubOptions): StreamHub {
  const clients = createStreamClients(options);
  return {
    attach(socket, address) {
      const client = clients.admit(socket, address);
      if (client === null) return;
      socket.on('message', (raw: unknown) =>
        onClientMessage(client, raw, clients, options.currentMessage),
      );
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => clients.forget(client));
      socket.on('error', () => clients.forget(client));
    },
    publish(topic, message) {
      clients.broadcast(topic, message);
    },
    start(scheduler) {
      return scheduler.every(options.heartbeatMs, () => heartbeat(clients, options.clock));
    },
    closeAll: () => closeEvery(clients),
    stats: () => clients.stats(),
  };
}
