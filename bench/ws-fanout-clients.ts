/**
 * The client side of bench/ws-fanout.ts, run in its own process: `count` websocket clients
 * (`ws`) subscribed to `presale:public`. The n-th message each client gets belongs to round n
 * (round 0 is the current value sent on subscribe); when every client has round n, the parent
 * is told when the last one arrived (`performance.timeOrigin + performance.now()`, the clock
 * the server process shares). A client does nothing else per message: no parsing.
 */
import WebSocket from 'ws';

const SUBSCRIBE = JSON.stringify({ type: 'subscribe', topics: ['presale:public'] });
/** Connections opened at once while connecting (a SYN backlog, not a limit on clients). */
const CONNECT_BATCH = 500;

export async function runClients(url: string, count: number): Promise<void> {
  const send = (message: Record<string, unknown>) => process.send?.(message);
  const arrivals: { count: number; last: number }[] = [];
  const sockets: WebSocket[] = [];
  const onMessage = (received: number[], index: number) => {
    const round = received[index] ?? 0;
    received[index] = round + 1;
    const arrival = (arrivals[round] ??= { count: 0, last: 0 });
    arrival.count++;
    arrival.last = performance.timeOrigin + performance.now();
    if (arrival.count === count) {
      send(round === 0 ? { kind: 'subscribed' } : { kind: 'round', round, last: arrival.last });
    }
  };
  const received = new Array<number>(count).fill(0);
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch: Promise<void>[] = [];
    for (let index = start; index < Math.min(count, start + CONNECT_BATCH); index++) {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(socket);
      socket.on('message', () => onMessage(received, index));
      socket.on('close', (code) => {
        console.error(`client ${index} closed (${code})`);
        process.exit(1);
      });
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('open', () => {
            socket.send(SUBSCRIBE);
            resolve();
          });
          socket.once('error', reject);
        }),
      );
    }
    await Promise.all(batch);
  }
  // Stay up until the parent kills this process.
  await new Promise(() => undefined);
}
