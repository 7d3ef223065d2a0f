import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import type { Clock, StreamTopic } from '@fbt/domain';
import { streamClientMessageSchema } from '@fbt/domain';
import type { Scheduler } from '../cache/scheduler';
import { directConnection, textFrame } from './text-frame';

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

interface Client {
  readonly socket: WebSocket;
  /** Where broadcast frames are written (see `directConnection`); null: through `socket.send`. */
  readonly connection: Socket | null;
  readonly address: string;
  readonly topics: Set<StreamTopic>;
  alive: boolean;
}

const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;
const CLOSE_TRY_AGAIN_LATER = 1013;

function errorMessage(code: string, message: string): string {
  return JSON.stringify({ type: 'error', error: { code, message } });
}

/**
 * Creates a {@link StreamHub}. Each broadcast is serialized and framed once; a client that
 * cannot keep up (its `bufferedAmount` is over the limit) is terminated, so memory stays
 * bounded per client.
 */
export function createStreamHub(options: StreamHubOptions): StreamHub {
  const clients = new Set<Client>();
  const perAddress = new Map<string, number>();
  const forget = (client: Client): void => {
    if (!clients.delete(client)) return;
    const left = (perAddress.get(client.address) ?? 1) - 1;
    if (left <= 0) perAddress.delete(client.address);
    else perAddress.set(client.address, left);
  };
  let dropped = 0;
  let sent = 0;

  const drop = (client: Client, code: number, reason: string): void => {
    forget(client);
    dropped++;
    try {
      client.socket.close(code, reason);
    } finally {
      // A slow or dead peer may never finish the close handshake.
      setTimeout(() => client.socket.terminate(), 1_000).unref();
    }
  };

  /** Whether `client` may be sent to now; a client over the buffer limit is dropped here. */
  const writable = (client: Client): boolean => {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount <= options.maxBufferBytes) return true;
    forget(client);
    dropped++;
    client.socket.terminate();
    return false;
  };

  /** One message to one client (subscribe answers, errors, heartbeats). */
  const send = (client: Client, message: string): void => {
    if (!writable(client)) return;
    client.socket.send(message);
    sent++;
  };

  /**
   * One frame per broadcast, built once (UTF-8 encoding, header) and written as it is to every
   * subscriber's connection: one write per socket, nothing allocated per socket. The sockets
   * are walked in place (a client dropped on the way is deleted from the set, which iteration
   * allows).
   */
  const broadcast = (topic: StreamTopic, message: string): void => {
    const frame = textFrame(message);
    for (const client of clients) {
      if (!client.topics.has(topic) || !writable(client)) continue;
      if (client.connection === null) client.socket.send(message);
      else client.connection.write(frame);
      sent++;
    }
  };

  const onMessage = (client: Client, raw: unknown): void => {
    let payload: unknown;
    try {
      payload = JSON.parse(String(raw));
    } catch {
      send(client, errorMessage('STREAM__BAD_MESSAGE', 'Messages must be JSON.'));
      return;
    }
    const parsed = streamClientMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      send(
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
      const current = options.currentMessage(topic);
      if (current !== null) send(client, current);
    }
  };

  return {
    attach(socket, address) {
      if (clients.size >= options.maxClients) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too many clients');
        return;
      }
      const held = perAddress.get(address) ?? 0;
      if (held >= options.maxClientsPerAddress) {
        socket.close(CLOSE_POLICY, 'too many connections from this address');
        return;
      }
      const client: Client = {
        socket,
        connection: directConnection(socket),
        address,
        topics: new Set(),
        alive: true,
      };
      clients.add(client);
      perAddress.set(address, held + 1);
      socket.on('message', (raw: unknown) => onMessage(client, raw));
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => forget(client));
      socket.on('error', () => forget(client));
    },
    publish(topic, message) {
      broadcast(topic, message);
    },
    start(scheduler) {
      return scheduler.every(options.heartbeatMs, () => {
        const beat = JSON.stringify({ type: 'heartbeat', at: options.clock.now() });
        for (const client of [...clients]) {
          if (!client.alive) {
            drop(client, CLOSE_POLICY, 'heartbeat timeout');
            continue;
          }
          client.alive = false;
          send(client, beat);
          if (client.socket.readyState === client.socket.OPEN) client.socket.ping();
        }
      });
    },
    async closeAll() {
      const closing = [...clients].map(
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
      perAddress.clear();
      await Promise.all(closing);
    },
    stats: () => ({ clients: clients.size, dropped, sent }),
  };
}
