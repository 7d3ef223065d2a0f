import type { FastifyRequest } from 'fastify';

/** Key of a request whose address is gone (the client reset the connection already). */
export const UNKNOWN_CLIENT_KEY = 'unknown-client';

/**
 * Who a per-client limit counts against: the client address (`request.ip`, which honours
 * `TRUST_PROXY`), IPv4-mapped IPv6 folded to IPv4. A client that reset its connection right
 * after sending has no address any more (`request.ip` is undefined): it is counted under
 * {@link UNKNOWN_CLIENT_KEY} instead of failing the request with a 500.
 */
export function clientKey(request: FastifyRequest): string {
  const ip = (request.ip as string | undefined) ?? request.socket?.remoteAddress;
  if (ip === undefined || ip === '') return UNKNOWN_CLIENT_KEY;
  const lower = ip.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}
