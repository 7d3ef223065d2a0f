import type { PriceSource, PythPrice, Sleep } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import { realSleep } from './http-json';
import {
  openHermesConnection,
  recordRefusal,
  throwIfRefused,
  type HermesConnection,
  type HermesConnectionOptions,
} from './pyth-hermes-connection';
import { watchHermesPrice, type HermesStreamOptions } from './pyth-hermes-stream';
import { adapterErrorFromHermes, isRetryable, quoteFromHermesUpdate } from './pyth-hermes-wire';

export { DEFAULT_AUTH_RETRY_MS } from './pyth-hermes-connection';

/**
 * Hermes serving Pyth's upgraded Core (the endpoint Pyth's upgrade guide names since the
 * 31 July 2026 upgrade). It answers 401 without `Authorization: Bearer <PYTH_API_KEY>`; legacy
 * `https://hermes.pyth.network` does the same from the Core cutover. `PYTH_HERMES_URL`
 * overrides it (e.g. a provider's private Hermes). The client keeps the path: requests go to
 * `<base>/v2/...`.
 */
export const DEFAULT_PYTH_HERMES_URL = 'https://pyth.dourolabs.app/hermes';

/** Options of {@link createPythHermesPriceSource}. */
export interface PythHermesPriceSourceOptions extends HermesConnectionOptions {
  /** Extra attempts for network errors, timeouts, 429 and 5xx; default 3. */
  readonly retries?: number;
  /** First backoff between attempts, doubling; default 250 ms. */
  readonly backoffMs?: number;
  /** Waits between attempts (injected so tests do not sleep). */
  readonly sleep?: Sleep;
  /** Reconnect schedule of the server-sent-events stream ({@link watchHermesPrice}). */
  readonly stream?: HermesStreamOptions;
}

/** One latest-price read with our retries (the client's are off). */
export async function readLatestQuote(
  connection: HermesConnection,
  retry: { readonly retries: number; readonly backoffMs: number; readonly sleep: Sleep },
): Promise<PythPrice> {
  throwIfRefused(connection);
  let lastError: AdapterError | undefined;
  for (let attempt = 0; attempt <= retry.retries; attempt++) {
    if (attempt > 0) await retry.sleep(retry.backoffMs * 2 ** (attempt - 1));
    let body: unknown;
    try {
      body = await connection.client.getLatestPriceUpdates([`0x${connection.feedId}`], {
        parsed: true,
      });
    } catch (error) {
      lastError = adapterErrorFromHermes(error, connection.timeoutMs);
      if (lastError.code === 'UPSTREAM__UNAUTHORIZED') {
        recordRefusal(connection, Number(lastError.context.status));
      }
      if (isRetryable(lastError)) continue;
      throw lastError;
    }
    return quoteFromHermesUpdate(body, connection.feedId, connection.clock);
  }
  throw lastError ?? new AdapterError('UPSTREAM__NETWORK', { upstream: 'pyth' });
}

/**
 * SOL/USD from Pyth Hermes through the official `HermesClient` (`/v2/updates/price/latest`,
 * parsed), the API key sent as a Bearer token. Each quote is checked with the domain's rules
 * (older than 60 s, confidence wider than 2%, non-positive); anything else throws an
 * AdapterError and the caller shows the fallback price. A 401/403 throws
 * `UPSTREAM__UNAUTHORIZED` and pauses calls for `authRetryMs`: a missing or refused key is a
 * configuration error that retrying every few seconds cannot fix. `watchSolUsd` streams the
 * same checked quotes over server-sent events (see {@link watchHermesPrice}).
 */
export function createPythHermesPriceSource(options: PythHermesPriceSourceOptions): PriceSource {
  const connection = openHermesConnection(options);
  const retry = {
    retries: options.retries ?? 3,
    backoffMs: options.backoffMs ?? 250,
    sleep: options.sleep ?? realSleep,
  };
  return {
    getSolUsd: () => readLatestQuote(connection, retry),
    watchSolUsd: (listener) => watchHermesPrice(connection, listener, options.stream),
  };
}
