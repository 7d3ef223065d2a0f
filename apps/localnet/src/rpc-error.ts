/** Standard JSON-RPC 2.0 and Solana-specific error codes used by the server. */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Solana: preflight simulation failed; `data` carries err/logs/unitsConsumed. */
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  /** Solana: transaction signature verification failure. */
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  /** Solana: the transaction is not a version the client said it supports. */
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
} as const;

/** An error that the server returns as a JSON-RPC error object instead of crashing. */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

/** Shorthand for a -32602 error with Solana's "Invalid params: …" wording. */
export function invalidParams(detail: string): RpcError {
  return new RpcError(RPC_ERROR.INVALID_PARAMS, `Invalid params: ${detail}`);
}
