/**
 * Stable error codes of the domain. Codes are part of the public contract (the BFF maps them
 * to HTTP statuses, the client to user-facing text): add new ones, never rename.
 */
export type DomainErrorCode =
  | 'BASE58__INVALID_CHARACTER'
  | 'ADDRESS__INVALID'
  | 'LAYOUT__INVALID_LENGTH'
  | 'LAYOUT__INVALID_FLAG'
  | 'LAYOUT__VALUE_OUT_OF_RANGE'
  | 'AMOUNT__EMPTY'
  | 'AMOUNT__NOT_A_NUMBER'
  | 'AMOUNT__NEGATIVE'
  | 'AMOUNT__EXPONENT'
  | 'AMOUNT__TOO_MANY_DECIMALS'
  | 'AMOUNT__OUT_OF_RANGE'
  | 'LEADER__INVALID_CODE'
  | 'BLINK__INVALID_ORIGIN'
  | 'PRICE__INVALID_EXPONENT'
  | 'FORMAT__INVALID_DECIMALS';

/**
 * The one error type thrown by the domain: a stable string `code` plus typed context.
 *
 * @example
 * throw new DomainError('LAYOUT__INVALID_LENGTH', { expected: 106, actual: 12 });
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    readonly context: Readonly<Record<string, unknown>> = {},
    message?: string,
  ) {
    super(message ?? `${code}${formatContext(context)}`);
  }
}

/** Narrows an unknown value to a {@link DomainError}, optionally with a given code. */
export function isDomainError(value: unknown, code?: DomainErrorCode): value is DomainError {
  return value instanceof DomainError && (code === undefined || value.code === code);
}

/** ` (key: value, …)` for an error message, or '' without context. Shared by the adapters. */
export function formatContext(context: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(context);
  if (entries.length === 0) return '';
  return ` (${entries.map(([key, value]) => `${key}: ${String(value)}`).join(', ')})`;
}
