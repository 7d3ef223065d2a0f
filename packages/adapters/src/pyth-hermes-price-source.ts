import { HermesClient } from '@pythnetwork/hermes-client';
import type { Clock, PriceSource, PythPrice, Sleep } from '@fbt/domain';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import { realSleep } from './http-json';
import {
  adapterErrorFromHermes,
  isRetryable,
  normalizeFeedId,
  quoteFromHermesUpdate,
} from './pyth-hermes-wire';

/**
 * Hermes' public endpoint. The hermes-client 3.1.0 README names no other (it only recommends a
 * provider's private endpoint), so this stays the default; `PYTH_HERMES_URL` overrides it.
 */
export const DEFAULT_PYTH_HERMES_URL = 'https://hermes.pyth.network';

/** A refused key is a configuration error: ask again only this often (5 minutes). */
export const DEFAULT_AUTH_RETRY_MS = 300_000;

/** Options of {@link createPythHermesPriceSource}. */
export interface PythHermesPriceSourceOptions {
  /** Hermes base URL, e.g. {@link DEFAULT_PYTH_HERMES_URL}. */
  readonly endpoint: string;
  /**
   * The Hermes API key, sent as `Authorization: Bearer <key>` (the client's `accessToken`):
   * the upgraded Hermes answers 401 without it.
   */
  readonly apiKey?: string;
  /** Feed id, with or without `0x`; default SOL/USD. */
  readonly feedId?: string;
  /** Staleness is judged, and the refused-key pause measured, on this clock. */
  readonly clock: Clock;
  /** Per attempt; default 5000 ms (spec). */
  readonly timeoutMs?: number;
  /** Extra attempts for network errors, timeouts, 429 and 5xx; default 3 (spec). */
  readonly retries?: number;
  /** First backoff between attempts, doubling; default 250 ms. */
  readonly backoffMs?: number;
  /** After a 401/403, calls fail at once without asking Hermes for this long; default 5 min. */
  readonly authRetryMs?: number;
  /** Waits between attempts (injected so tests do not sleep). */
  readonly sleep?: Sleep;
}

/** The shared state of one Hermes price source (used by the poll and the stream). */
export interface HermesConnection {
  readonly client: HermesClient;
  /** The feed id, lower case, without `0x`. */
  readonly feedId: string;
  readonly clock: Clock;
  readonly timeoutMs: number;
  readonly authRetryMs: number;
  /** The refusal in force (until `until` ms on the clock), or null. */
  refused: { readonly status: number; readonly until: number } | null;
}

/** Builds the {@link HermesConnection} of a price source's options. */
export function openHermesConnection(options: PythHermesPriceSourceOptions): HermesConnection {
  const timeoutMs = options.timeoutMs ?? 5000;
  const endpoint = options.endpoint.trim();
  if (!/^https?:\/\/[^/]/.test(endpoint)) {
    throw new TypeError(`Pyth Hermes endpoint must be an http(s) URL, got "${endpoint}"`);
  }
  if (options.apiKey?.trim() === '') {
    throw new TypeError('Pyth Hermes API key must not be empty (leave it unset instead)');
  }
  return {
    // httpRetries 0: the client's own retries sleep on real timers and retry 401s; ours do not.
    client: new HermesClient(endpoint, {
      timeout: timeoutMs,
      httpRetries: 0,
      ...(options.apiKey === undefined ? {} : { accessToken: options.apiKey }),
    }),
    feedId: normalizeFeedId(options.feedId ?? PYTH_SOL_USD_FEED_ID),
    clock: options.clock,
    timeoutMs,
    authRetryMs: options.authRetryMs ?? DEFAULT_AUTH_RETRY_MS,
    refused: null,
  };
}

/** Throws the refusal in force, if any, without asking Hermes. */
export function throwIfRefused(connection: HermesConnection): void {
  const { refused } = connection;
  if (refused === null) return;
  if (connection.clock.now() >= refused.until) {
    connection.refused = null;
    return;
  }
  throw new AdapterError('UPSTREAM__UNAUTHORIZED', {
    upstream: 'pyth',
    status: refused.status,
    retryInMs: refused.until - connection.clock.now(),
  });
}

/** Records a 401/403 so nothing asks Hermes again before `authRetryMs` has passed. */
export function recordRefusal(connection: HermesConnection, status: number): void {
  connection.refused = { status, until: connection.clock.now() + connection.authRetryMs };
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
 * configuration error that retrying every few seconds cannot fix.
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
  };
}
