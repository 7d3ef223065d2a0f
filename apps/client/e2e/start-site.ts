import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { createFixtures, type SiteFixtures } from './fixtures';

/** apps/client/dist (`npm run build -w @fbt/client`), the default directory served. */
export const DIST_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

function toText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Array.isArray(raw)
    ? Buffer.concat(raw).toString('utf8')
    : Buffer.from(raw).toString('utf8');
}

export interface SiteOptions {
  /** Built site to serve; defaults to apps/client/dist. */
  distDir?: string;
  /** Override canned answers (deep parts replace whole fields). */
  fixtures?: Partial<SiteFixtures>;
  /** API paths (without /api/v1) that answer with this HTTP status instead. */
  failing?: Record<string, number>;
  /** Refuse websocket upgrades, to exercise the polling fallback. */
  noStream?: boolean;
}

export interface RunningSite {
  /** Base URL of the site, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Every /api/v1 path requested so far. */
  apiRequests: string[];
  /** Replace the goals answer and push it to every subscribed websocket. */
  pushGoals(goals: SiteFixtures['goals']): void;
  close(): Promise<void>;
}

/**
 * Serves the built site plus the few /api/v1 routes it reads, from fixtures. This is the one
 * switch point for the browser tests: when apps/bff lands, this starts `buildApp(deps)` with a
 * local chain instead, and the tests stay as they are.
 */
export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const distDir = options.distDir ?? DIST_DIR;
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `The site is not built: ${distDir}/index.html is missing (run \`npm run build -w @fbt/client\`).`,
    );
  }
  const fixtures: SiteFixtures = { ...createFixtures(), ...options.fixtures };
  const apiRequests: string[] = [];
  const subscribers = new Set<WebSocket>();

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify(body));
  };

  const api = (path: string, res: ServerResponse) => {
    apiRequests.push(path);
    const failure = options.failing?.[path];
    if (failure)
      return sendJson(res, failure, {
        error: { code: 'TEST_FAILURE', message: 'failing on purpose' },
      });
    if (path === '/config') return sendJson(res, 200, fixtures.config);
    if (path === '/goals') return sendJson(res, 200, fixtures.goals);
    if (path === '/leaderboard') return sendJson(res, 200, fixtures.leaderboard);
    if (path === '/price/sol-usd') return sendJson(res, 200, fixtures.price);
    const leader = /^\/leaders\/([^/]+)$/.exec(path);
    if (leader) {
      const summary = fixtures.leaderboard.leaders.find(
        (l) => l.code === decodeURIComponent(leader[1] ?? ''),
      );
      if (summary) return sendJson(res, 200, { ...summary, recent: [] });
    }
    const presale = /^\/presales?\/(public|private|leader)$/.exec(path);
    if (presale) return sendJson(res, 200, fixtures.presale[presale[1] as 'public']);
    return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `No route ${path}` } });
  };

  const serveFile = (pathname: string, res: ServerResponse) => {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(distDir, relative);
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(distDir, 'index.html');
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/v1/')) return api(url.pathname.slice('/api/v1'.length), res);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { error: { code: 'METHOD', message: 'GET only' } });
    serveFile(url.pathname, res);
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (options.noStream || !req.url?.startsWith('/api/v1/stream')) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (raw: RawData) => {
        const message = JSON.parse(toText(raw)) as { type?: string; topics?: string[] };
        if (message.type === 'subscribe' && message.topics?.includes('goals')) {
          subscribers.add(ws);
          ws.send(JSON.stringify({ type: 'goals', topic: 'goals', data: fixtures.goals }));
        }
      });
      ws.on('close', () => subscribers.delete(ws));
    });
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    apiRequests,
    pushGoals(goals) {
      fixtures.goals = goals;
      const text = JSON.stringify({ type: 'goals', topic: 'goals', data: goals });
      for (const ws of subscribers) ws.send(text);
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
