/**
 * The client side of bench/ws-fanout.ts, run in its own process: `count` websocket clients
 * subscribed to `presale:public`. The n-th message each client gets belongs to round n (round 0
 * is the current value sent on subscribe); when every client has round n, the parent is told
 * when the last one arrived (`performance.timeOrigin + performance.now()`, the clock the server
 * process shares).
 *
 * The clients speak the protocol on plain TCP connections: the HTTP upgrade (101 and its
 * `Sec-WebSocket-Accept` checked), a masked subscribe frame, then the server's frames read off
 * the wire, each required to be a whole, final, unmasked text frame; anything else (a close,
 * a ping, a malformed header) ends the run. They do nothing else per message (no UTF-8
 * decoding, no JSON): a `ws` client spends several times the server's per-socket write on each
 * message, and 10,000 of them on the same cores measured the load generator instead of the
 * server (the last message arrived long after the server's send loop had ended).
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';

const SUBSCRIBE = JSON.stringify({ type: 'subscribe', topics: ['presale:public'] });
/** Connections opened at once while connecting (a SYN backlog, not a limit on clients). */
const CONNECT_BATCH = 500;
/** The GUID a WebSocket server appends to the client's key to answer the handshake (RFC 6455). */
const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const FIN_TEXT = 0x81;

/** A client-to-server text frame: masked, as WebSocket (RFC 6455) requires of clients. */
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

/** Every connection reads into this one buffer (`onread`): callbacks run one at a time. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/**
 * Counts the server's frames in what arrives, calling `onMessage` once per complete text frame.
 * Frames may arrive split over reads or several in one read; the bytes of an unfinished one are
 * copied (the read buffer is reused).
 */
function frameReader(onMessage: () => void): (chunk: Buffer) => void {
  let pending: Buffer | null = null;
  return (chunk) => {
    const data = pending === null ? chunk : Buffer.concat([pending, chunk]);
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
    pending = offset === data.length ? null : Buffer.from(data.subarray(offset));
  };
}

/**
 * Opens one client: the upgrade request, its answer (101 and the right accept key), then the
 * subscribe frame and the server's frames. Reads go straight to a callback (`onread`), not
 * through a stream's `data` events: per message, the load generator does one read and counts.
 */
function open(url: URL, onMessage: () => void): Promise<void> {
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  return new Promise((resolve) => {
    let answer: Buffer | null = Buffer.alloc(0);
    const frames = frameReader(onMessage);
    const upgraded = (head: Buffer) => {
      const end = head.indexOf('\r\n\r\n');
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      if (!lines[0]?.startsWith('HTTP/1.1 101 ')) fail(`no upgrade: ${lines[0] ?? ''}`);
      const acceptLine = lines.find((line) => /^sec-websocket-accept:/i.test(line));
      if (acceptLine?.slice(acceptLine.indexOf(':') + 1).trim() !== accept) {
        fail('wrong Sec-WebSocket-Accept');
      }
      socket.write(maskedTextFrame(SUBSCRIBE));
      resolve();
      if (head.length > end + 4) frames(head.subarray(end + 4));
    };
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes) => {
          const chunk = READ_BUFFER.subarray(0, bytes);
          if (answer === null) {
            frames(chunk);
          } else {
            answer = Buffer.concat([answer, chunk]);
            if (answer.includes('\r\n\r\n')) {
              const head = answer;
              answer = null;
              upgraded(head);
            }
          }
          return true;
        },
      },
    });
    socket.once('connect', () => {
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: Upgrade\r\n` +
          `Upgrade: websocket\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('error', (error) => fail(error.message));
    socket.on('close', () => fail('a connection closed'));
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
