import { connect, type Socket } from 'node:net';

/** One HTTP answer read off a raw socket. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Everything received, as text. */
  readonly raw: string;
}

/** Opens a TCP connection to a listening server. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Parses the first HTTP/1.1 answer in `raw` (Content-Length framed). */
export function parseAnswer(raw: string): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no complete HTTP answer in: ${JSON.stringify(raw)}`);
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const length = Number(headers['content-length'] ?? raw.length - split - 4);
  return { status, headers, body: raw.slice(split + 4, split + 4 + length), raw };
}

/**
 * Sends `request` as written (bytes a normal client would refuse to send) and resolves with
 * everything the server sent once it closed the connection.
 */
export async function rawExchange(port: number, request: string | Buffer): Promise<string> {
  const socket = await openSocket(port);
  return new Promise((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.once('close', () => resolve(received));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // A server that answers then destroys the socket may reset it: what arrived counts.
      if (error.code === 'ECONNRESET' && received !== '') resolve(received);
      else reject(error);
    });
    socket.write(request);
  });
}

/** {@link rawExchange} and parse the answer. */
export async function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return parseAnswer(await rawExchange(port, request));
}
