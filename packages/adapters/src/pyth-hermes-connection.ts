import { HermesClient } from '@pythnetwork/hermes-client';
import type { Clock } from '@fbt/domain';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import { normalizeFeedId } from './pyth-hermes-wire';

/** A refused key is a configuration error: ask again only this often (5 minutes). */
export const DEFAULT_AUTH_RETRY_MS = 300_000;

/** What a Hermes connection is made of (the price source's options extend these). */
export interface HermesConnectionOptions {
  /** Hermes base URL, e.g. `https://hermes.pyth.network`. */
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
  /** Per request; default 5000 ms. */
  readonly timeoutMs?: number;
  /** After a 401/403, nothing asks Hermes for this long; default 5 min. */
  readonly authRetryMs?: number;
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

/** Builds the {@link HermesConnection} of a price source's options, validating them. */
export function openHermesConnection(options: HermesConnectionOptions): HermesConnection {
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
