/**
 * The BFF's one table of error codes to HTTP statuses. Codes are a public contract (the client
 * maps them to the spec's texts): add new ones, never rename.
 */
export const API_ERROR_STATUS = {
  REQUEST__INVALID: 400,
  WALLET__INVALID: 400,
  LEADER__INVALID_CODE: 400,
  AMOUNT__INVALID: 400,
  NOT_FOUND: 404,
  PRESALE__UNKNOWN_VARIANT: 404,
  LEADER__UNKNOWN: 404,
  PAYLOAD__TOO_LARGE: 413,
  MEDIA_TYPE__UNSUPPORTED: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PRESALE__UNAVAILABLE: 503,
  CHAIN__UNAVAILABLE: 503,
  GOALS__UNAVAILABLE: 503,
  PRICE__UNAVAILABLE: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** A failure a route reports on purpose, with a code from {@link API_ERROR_STATUS}. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  constructor(
    readonly code: ApiErrorCode | (string & {}),
    message: string,
    statusCode?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusCode ?? API_ERROR_STATUS[code as ApiErrorCode] ?? 500;
  }
}

/** The JSON body of every non-2xx answer. */
export function errorBody(
  code: string,
  message: string,
): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
