/**
 * The client side of bench/ws-fanout.ts, run in its own process: `count` websocket clients
 * subscribed to `presale:public`. The n-th message each client gets belongs to round n (round 0
 * is the current value sent on subscribe); when every client has round n, the parent is told
 * when the last one arrived (`performance.timeOrigin + performance.now()`, the clock the server
 * process shares).
 *
 * The clients speak the protocol on plain TCP connections: the HTTP upgrade (its
 * `Sec-WebSocket-Accept` checked), a masked subscribe frame, then the server's frames read off
 * the wire, each required to be a whole, final, unmasked text frame; anything else (a close,
 * a ping, a malformed header) ends the run. They do nothing else per message (no UTF-8
 * decoding, no JSON): a `ws` client spends several times the server's per-socket write on each
 * message, and 10,000 of them on the same cores measured the load generator instead of the
 * server (the last message arrived long after the server's send loop had ended).
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

const SUBSCRIBE = JSON.stringify({ type: 'subscribe', topics: ['presale:public'] });
/** Connections opened at once while connecting (a SYN backlog, not a limit on clients). */
const CONNECT_BATCH = 500;
/** RFC 6455 §1.3. */
const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const FIN_TEXT = 0x81;

/** A client-to-server text frame: masked, as RFC 6455 §5.3 requires of clients. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('subscribe message too long for a short frame');
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = FIN_TEXT;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return frame;
}

function fail(message: string): never {
  console.error(`ws-fanout client: ${message}`);
  process.exit(1);
}

/**
 * Reads server frames off `socket`, calling `onMessage` once per complete text frame. Frames may
 * arrive split over reads or several in one read.
 */
function readFrames(socket: Socket, head: Buffer, onMessage: () => void): void {
  let pending: Buffer = Buffer.alloc(0);
  const consume = (chunk: Buffer) => {
    const data = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (;;) {
      if (data.length - offset < 2) break;
      const first = data[offset] ?? 0;
      const second = data[offset + 1] ?? 0;
      if (first !== FIN_TEXT) fail(`frame 0x${first.toString(16)} (not a final text frame)`);
      if (second & 0x80) fail('masked server frame');
      let length = second & 0x7f;
      let header = 2;
      if (length === 126) {
        if (data.length - offset < 4) break;
        length = data.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (data.length - offset < 10) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if (data.length - offset < header + length) break;
      offset += header + length;
      onMessage();
    }
    pending = offset === data.length ? Buffer.alloc(0) : Buffer.from(data.subarray(offset));
  };
  if (head.length > 0) consume(head);
  socket.on('data', consume);
}

/** Opens one client: the upgrade, then the subscribe frame. */
function open(url: URL, onMessage: () => void): Promise<void> {
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': key,
        'Sec-WebSocket-Version': '13',
      },
    });
    upgrade.once('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    upgrade.once('error', reject);
    upgrade.once('upgrade', (response, socket: Socket, head: Buffer) => {
      if (response.headers['sec-websocket-accept'] !== accept) fail('wrong Sec-WebSocket-Accept');
      socket.setNoDelay(true);
      socket.on('close', () => fail('a connection closed'));
      socket.on('error', (error) => fail(error.message));
      readFrames(socket, head, onMessage);
      socket.write(maskedTextFrame(SUBSCRIBE));
      resolve();
    });
    upgrade.end();
  });
}

export async function runClients(url: string, count: number): Promise<void> {
  const send = (message: Record<string, unknown>) => process.send?.(message);
  const arrivals: { count: number; last: number }[] = [];
  const received = new Array<number>(count).fill(0);
  const onMessage = (index: number) => {
    const round = received[index] ?? 0;
    received[index] = round + 1;
    const arrival = (arrivals[round] ??= { count: 0, last: 0 });
    arrival.count++;
    arrival.last = performance.timeOrigin + performance.now();
    if (arrival.count === count) {
      send(round === 0 ? { kind: 'subscribed' } : { kind: 'round', round, last: arrival.last });
    }
  };
  const target = new URL(url);
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch: Promise<void>[] = [];
    for (let index = start; index < Math.min(count, start + CONNECT_BATCH); index++) {
      batch.push(open(target, () => onMessage(index)));
    }
    await Promise.all(batch);
  }
  // Stay up until the parent kills this process.
  await new Promise(() => undefined);
}
