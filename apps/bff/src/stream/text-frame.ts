import type { Socket } from 'node:net';
import type WebSocket from 'ws';

/**
 * A broadcast's bytes on the wire, built once for every socket: ws frames each `send` again
 * (an options object, a header buffer, a corked two-chunk write per socket). ws made its
 * framing a static function for exactly this case, a server sending one frame to many clients
 * (https://github.com/websockets/ws/pull/1016); the header is three cases of RFC 6455 §5.2, so
 * it is written here rather than borrowed from whichever ws copy the socket came from.
 */

const FIN_TEXT = 0x81;
const LENGTH_16 = 126;
const LENGTH_64 = 127;

/** One final, unmasked text frame (server to client, RFC 6455 §5.2) carrying `message`. */
export function textFrame(message: string): Buffer {
  const length = Buffer.byteLength(message);
  const headerLength = length < LENGTH_16 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (headerLength === 2) {
    frame[1] = length;
  } else if (headerLength === 4) {
    frame[1] = LENGTH_16;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = LENGTH_64;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(message, headerLength, 'utf8');
  return frame;
}

/**
 * The TCP connection under `socket` when a pre-built frame may be written to it directly, else
 * null (then the frame's message goes through `socket.send`). Direct is safe when no extension
 * was negotiated: with permessage-deflate off, ws's sender writes every frame to this same
 * connection at once (it holds frames back only while compressing), so frames written here and
 * by ws (pings, closes, the subscribe answers) keep their order, and `bufferedAmount` still
 * counts them (it reads the connection's own buffer).
 */
export function directConnection(socket: WebSocket): Socket | null {
  if (socket.extensions !== '') return null;
  // `_socket` is ws's own field (untyped): the net.Socket it frames onto.
  const connection = (socket as unknown as { _socket?: Socket | null })._socket;
  return connection ?? null;
}
