import { createServer } from 'node:net';

/** A port free on `host` right now (the OS picks it), for a server started a moment later. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host, port: 0 }, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The BFF's port and the site's origin a fresh seeding names in the FBT metadata: the
 * environment's `PUBLIC_SITE_URL` when set, else `http://localhost:<port>`. The port is chosen
 * before the seeding (a free one for port 0), since the metadata is written on chain then.
 */
export async function siteAddress(
  port: number,
  host: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ port: number; siteUrl: string }> {
  const chosen = port === 0 ? await freePort(host) : port;
  const configured = env.PUBLIC_SITE_URL?.trim();
  return {
    port: chosen,
    siteUrl:
      configured === undefined || configured === '' ? `http://localhost:${chosen}` : configured,
  };
}
