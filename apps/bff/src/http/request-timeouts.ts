import type { AppSettings } from '../app-deps';

/** Default longest time to receive a whole request (headers and body). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default longest time to receive the request headers. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/**
 * The server's request timers from the settings: node wants the headers timeout no longer than
 * the request timeout, and checks connections every `checkEveryMs` (node's default, 30 s, would
 * let a slow client overstay a short timeout by that much).
 */
export function requestTimeouts(
  settings: Pick<AppSettings, 'requestTimeoutMs' | 'headersTimeoutMs'>,
): { requestMs: number; headersMs: number; checkEveryMs: number } {
  const requestMs = settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersMs = Math.min(settings.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestMs);
  const checkEveryMs = Math.max(10, Math.min(1_000, Math.floor(headersMs / 4)));
  return { requestMs, headersMs, checkEveryMs };
}
