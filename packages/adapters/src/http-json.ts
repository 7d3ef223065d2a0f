import type { FetchLike, Sleep } from '@fbt/domain';
import { AdapterError } from './adapter-error';

/** Options of {@link fetchJson}. */
export interface FetchJsonOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Extra attempts after the first one, for network errors, timeouts, 429 and 5xx. */
  readonly retries: number;
  /** First backoff; doubles every retry. */
  readonly backoffMs: number;
  readonly fetch?: FetchLike;
  readonly sleep?: Sleep;
  /** Name of the upstream, for errors and logs (never the URL: it may hold a token). */
  readonly upstream: string;
  /** `POST` sends `body` as JSON; only for requests that are safe to repeat (they are retried). */
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
}

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * GETs (or POSTs) a JSON document with a per-attempt timeout and exponential backoff. Throws an
 * {@link AdapterError}: `UPSTREAM__TIMEOUT`, `UPSTREAM__NETWORK`, `UPSTREAM__HTTP_STATUS`
 * (with `status`) or `UPSTREAM__BAD_RESPONSE` (not JSON). 4xx other than 429 are not retried.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  let lastError: AdapterError | undefined;
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await sleep(options.backoffMs * 2 ** (attempt - 1));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const response = await doFetch(url, {
        method: options.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: options.body }),
        signal: controller.signal,
      });
      const text = await response.text();
      if (!response.ok) {
        lastError = new AdapterError('UPSTREAM__HTTP_STATUS', {
          upstream: options.upstream,
          status: response.status,
        });
        if (isRetryableStatus(response.status)) continue;
        throw lastError;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new AdapterError('UPSTREAM__BAD_RESPONSE', { upstream: options.upstream }, { cause });
      }
    } catch (error) {
      if (error instanceof AdapterError) throw error;
      lastError = controller.signal.aborted
        ? new AdapterError('UPSTREAM__TIMEOUT', {
            upstream: options.upstream,
            timeoutMs: options.timeoutMs,
          })
        : new AdapterError('UPSTREAM__NETWORK', { upstream: options.upstream }, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError ?? new AdapterError('UPSTREAM__NETWORK', { upstream: options.upstream });
}
