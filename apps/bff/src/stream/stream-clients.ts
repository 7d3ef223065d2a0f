import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import type { StreamTopic } from '@fbt/domain';
import { directConnection, textFrame } from './text-frame';

/** One websocket client of the stream. */
export interface StreamClient {
  readonly socket: WebSocket;
  /** Where broadcast frames are written (see `directConnection`); null: through `socket.send`. */
  readonly connection: Socket | null;
  readonly address: string;
  readonly topics: Set<StreamTopic>;
  alive: boolean;
}

/** Limits of {@link createStreamClients}. */
export interface StreamClientLimits {
  /** A client whose unsent bytes exceed this is dropped instead of buffered further. */
  readonly maxBufferBytes: number;
  readonly maxClients: number;
  /** Sockets one client address may hold open at once. */
  readonly maxClientsPerAddress: number;
}

/** The hub's open sockets: who may join, what each is sent, who is dropped. */
export interface StreamClients {
  /** Admits a newly opened socket from `address`, or closes it when over a limit (null). */
  admit(socket: WebSocket, address: string): StreamClient | null;
  /** Forgets a client whose socket closed or failed. */
  forget(client: StreamClient): void;
  /** Closes a client with `code` (then terminates it if the peer never finishes the close). */
  drop(client: StreamClient, code: number, reason: string): void;
  /** One message to one client (subscribe answers, errors, heartbeats). */
  send(client: StreamClient, message: string): void;
  /** One message to every subscriber of `topic`, framed once. */
  broadcast(topic: StreamTopic, message: string): void;
  /** Every client now (a copy: the set may change while it is walked). */
  list(): StreamClient[];
  /** Forgets every client at once (the hub is closing them). */
  clear(): void;
  readonly stats: () => { clients: number; dropped: number; sent: number };
}

/**
 * Closed with (RFC 6455 "Try Again Later"): the server is full, or the client's address holds
 * as many sockets as it may. Both pass once other sockets close, so the client retries later
 * (the site's stream reconnects with backoff).
 */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/** Closed with (RFC 6455 "Policy Violation"): a dead heartbeat. */
export const CLOSE_POLICY = 1008;

/**
 * Creates the hub's {@link StreamClients}. A client that cannot keep up (its `bufferedAmount`
 * is over the limit) is terminated when next sent to, so memory stays bounded per client.
 */
export function createStreamClients(limits: StreamClientLimits): StreamClients {
  const clients = new Set<StreamClient>();
  const perAddress = new Map<string, number>();
  let dropped = 0;
  let sent = 0;

  const forget = (client: StreamClient): void => {
    if (!clients.delete(client)) return;
    const left = (perAddress.get(client.address) ?? 1) - 1;
    if (left <= 0) perAddress.delete(client.address);
    else perAddress.set(client.address, left);
  };

  /** Whether `client` may be sent to now; a client over the buffer limit is dropped here. */
  const writable = (client: StreamClient): boolean => {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount <= limits.maxBufferBytes) return true;
    forget(client);
    dropped++;
    client.socket.terminate();
    return false;
  };

  return {
    admit(socket, address) {
      if (clients.size >= limits.maxClients) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too many clients');
        return null;
      }
      const held = perAddress.get(address) ?? 0;
      if (held >= limits.maxClientsPerAddress) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too many connections from this address');
        return null;
      }
      const client: StreamClient = {
        socket,
        connection: directConnection(socket),
        address,
        topics: new Set(),
        alive: true,
      };
      clients.add(client);
      perAddress.set(address, held + 1);
      return client;
    },
    forget,
    drop(client, code, reason) {
      forget(client);
      dropped++;
      try {
        client.socket.close(code, reason);
      } finally {
        // A slow or dead peer may never finish the close handshake.
        setTimeout(() => client.socket.terminate(), 1_000).unref();
      }
    },
    send(client, message) {
      if (!writable(client)) return;
      client.socket.send(message);
      sent++;
    },
    /**
     * One frame per broadcast, built once (UTF-8 encoding, header) and written as it is to
     * every subscriber's connection: one write per socket, nothing allocated per socket. The
     * sockets are walked in place (a client dropped on the way is deleted from the set, which
     * iteration allows).
     */
    broadcast(topic, message) {
      const frame = textFrame(message);
      for (const client of clients) {
        if (!client.topics.has(topic) || !writable(client)) continue;
        if (client.connection === null) client.socket.send(message);
        else client.connection.write(frame);
        sent++;
      }
    },
    list: () => [...clients],
    clear() {
      clients.clear();
      perAddress.clear();
    },
    stats: () => ({ clients: clients.size, dropped, sent }),
  };
}
