import { formatContext } from '@fbt/domain';

/** Stable codes of adapter failures. Add new ones, never rename: logs and the BFF match on them. */
export type AdapterErrorCode =
  | 'LEDGER__SCHEMA_TOO_NEW'
  | 'LEDGER__INVALID_LEADER_CODE'
  | 'LEDGER__INVALID_WALLET'
  | 'LEDGER__INVALID_SIGNATURE'
  | 'LEDGER__INVALID_AMOUNT'
  | 'LEDGER__INVALID_COUNT'
  | 'LEDGER__INVALID_LIMIT'
  /** A reconciler cursor scope that is not an address, or a slot that is not a whole number. */
  | 'LEDGER__INVALID_SCOPE'
  | 'LEDGER__INVALID_SLOT'
  /** A leader record (of a leader, a buy or a claim) that is not an address. */
  | 'LEDGER__INVALID_RECORD'
  | 'LEDGER__UNKNOWN_LEADER'
  | 'LEDGER__WRITE_FAILED'
  /** The ledger's database server could not be reached (down, timeout, auth, no such database). */
  | 'LEDGER__UNAVAILABLE'
  /** A PostgreSQL connection string that is not a usable postgres:// URL. */
  | 'LEDGER__INVALID_DATABASE_URL'
  | 'UPSTREAM__TIMEOUT'
  | 'UPSTREAM__HTTP_STATUS'
  | 'UPSTREAM__NETWORK'
  | 'UPSTREAM__BAD_RESPONSE'
  | 'UPSTREAM__UNAUTHORIZED'
  | 'PRICE__FEED_MISSING'
  | 'PRICE__REJECTED'
  | 'COMMUNITY__NO_COUNT'
  | 'RPC__ERROR';

/**
 * The one error type of the adapters: a stable `code` plus context. Messages never include
 * credentials (tokens and API keys are kept out of the context on purpose).
 */
export class AdapterError extends Error {
  override readonly name = 'AdapterError';

  constructor(
    readonly code: AdapterErrorCode,
    readonly context: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(`${code}${formatContext(context)}`, options);
  }
}

/** Narrows to an {@link AdapterError}, optionally with a given code. */
export function isAdapterError(value: unknown, code?: AdapterErrorCode): value is AdapterError {
  return value instanceof AdapterError && (code === undefined || value.code === code);
}
