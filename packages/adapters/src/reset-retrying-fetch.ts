/**
 * `fetch` that sends a request again when the connection was closed under it before any answer
 * came back (ECONNRESET, EPIPE, undici's "other side closed"). The usual cause is a kept-alive
 * connection the server closed as idle at the moment the client reused it: the request was
 * never read, and HTTP (RFC 9110) lets a client retry an idempotent request in that case.
 * Without it a JSON-RPC read fails now and then for nothing, and the BFF answers a leader report
 * 503 CHAIN__UNAVAILABLE. Only for requests that are safe to repeat: the Solana connection makes
 * reads, and a transaction sent twice is deduplicated by its signature.
 */

/** Error codes of a connection closed under a request before it was answered. */
const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Whether `error` (or an error in its `cause` chain) is a connection reset. */
export function isConnectionReset(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code: unknown = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && RESET_CODES.has(code)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Wraps `fetchFn` so a request whose connection was reset before the answer is sent again, at
 * most `retries` more times, at once (a fresh connection is opened). Other failures, answers
 * of any status and aborted requests are passed through as they are.
 */
export function retryOnConnectionReset(
  fetchFn: typeof fetch = globalThis.fetch,
  retries = 2,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchFn(input, init);
      } catch (error) {
        if (attempt >= retries || init?.signal?.aborted === true || !isConnectionReset(error)) {
          throw error;
        }
      }
    }
  };
}
