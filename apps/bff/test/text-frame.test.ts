import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { directConnection, textFrame } from '../src/stream/text-frame';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A ws server on a free loopback port; `onSocket` gets each server-side socket. */
async function serve(
  onSocket: (socket: WebSocket) => void,
  perMessageDeflate = false,
): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  servers.push(server);
  server.on('connection', onSocket);
  await new Promise((resolve) => server.once('listening', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Opens a real ws client and resolves with the first `count` messages it receives. */
async function receive(url: string, count: number, perMessageDeflate = false) {
  const client = new WebSocket(url, { perMessageDeflate });
  const messages: WebSocket.Data[] = [];
  await new Promise<void>((resolve, reject) => {
    // A text frame as its text, a binary one as its bytes.
    client.on('message', (data: Buffer, isBinary: boolean) => {
      messages.push(isBinary ? data : data.toString('utf8'));
      if (messages.length === count) resolve();
    });
    client.once('error', reject);
  });
  client.terminate();
  return messages;
}

describe('textFrame', () => {
  it.each([
    ['an empty message', 0, [0x81, 0]],
    ['125 bytes (length in the first byte)', 125, [0x81, 125]],
    ['126 bytes (16-bit length)', 126, [0x81, 126, 0, 126]],
    ['65,535 bytes (16-bit length)', 65_535, [0x81, 126, 0xff, 0xff]],
    ['65,536 bytes (64-bit length)', 65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]],
  ])('frames %s as one final unmasked text frame', (_name, length, header) => {
    const message = 'a'.repeat(length);
    const frame = textFrame(message);
    expect([...frame.subarray(0, header.length)]).toEqual(header);
    expect(frame.subarray(header.length).toString('utf8')).toBe(message);
    expect(frame.length).toBe(header.length + length);
  });

  it('measures the length in UTF-8 bytes, not characters', () => {
    const message = '€'.repeat(42); // 126 bytes
    expect([...textFrame(message).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
  });

  it('written straight to the connection, a ws client gets each message as text, in order', async () => {
    const messages = ['', 'x'.repeat(125), '€'.repeat(42), '{"a":1}', 'y'.repeat(70_000)];
    const url = await serve((socket) => {
      const connection = directConnection(socket);
      if (connection === null) throw new Error('expected a direct connection');
      for (const message of messages) connection.write(textFrame(message));
    });
    expect(await receive(url, messages.length)).toEqual(messages);
  });

  it('frames written directly and by ws interleave in call order', async () => {
    const url = await serve((socket) => {
      const connection = directConnection(socket);
      socket.send('1');
      connection?.write(textFrame('2'));
      socket.send('3');
      connection?.write(textFrame('4'));
    });
    expect(await receive(url, 4)).toEqual(['1', '2', '3', '4']);
  });
});

describe('directConnection', () => {
  it('is null once permessage-deflate is negotiated (ws may hold frames back to compress)', async () => {
    const seen: (object | null)[] = [];
    const url = await serve((socket) => {
      seen.push(directConnection(socket));
      socket.send('hello');
    }, true);
    expect(await receive(url, 1, true)).toEqual(['hello']);
    expect(seen).toEqual([null]);
  });
});
