/**
 * The BFF's one table of error codes to HTTP statuses. Codes are a public contract (the site
 * maps each to the sentence it shows): add new ones, never rename.
 */
export const HTTP_ERROR_STATUS = {
  REQUEST__INVALID: 400,
  WALLET__INVALID: 400,
  LEADER__INVALID_CODE: 400,
  AMOUNT__INVALID: 400,
  NOT_FOUND: 404,
  PRESALE__UNKNOWN_VARIANT: 404,
  LEADER__UNKNOWN: 404,
  ALLOWLIST__NONE: 404,
  ALLOWLIST__NOT_LISTED: 404,
  ALLOWLIST__NOT_PUBLISHED: 404,
  PAYLOAD__TOO_LARGE: 413,
  MEDIA_TYPE__UNSUPPORTED: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PRESALE__UNAVAILABLE: 503,
  CHAIN__UNAVAILABLE: 503,
  ALLOWLIST__UNAVAILABLE: 503,
  GOALS__UNAVAILABLE: 503,
  PRICE__UNAVAILABLE: 503,
} as const;

export type HttpErrorCode = keyof typeof HTTP_ERROR_STATUS;

/**
 * What a route throws to answer with an HTTP status on purpose: a code from
 * {@link HTTP_ERROR_STATUS} (or a domain code with an explicit status), the message shown to the
 * caller and, for retryable answers, a `Retry-After`. The error handler turns it into
 * {@link errorBody}; anything else thrown becomes a generic 500.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly statusCode: number;
  constructor(
    readonly code: HttpErrorCode | (string & {}),
    message: string,
    statusCode?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusCode ?? HTTP_ERROR_STATUS[code as HttpErrorCode] ?? 500;
  }
}

/** The JSON body of every non-2xx answer. */
export function errorBody(
  code: string,
  message: string,
): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
