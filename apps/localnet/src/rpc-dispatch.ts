import { stringifyJson } from './json';
import { RPC_ERROR, RpcError } from './rpc-error';

type Id = string | number | null;

interface RpcRequest {
  id: Id;
  method: string;
  params: unknown[];
}

/** Handler table: may return a value or a promise; throw RpcError for client errors. */
export type MethodTable = Record<string, (params: unknown[]) => unknown>;

function errorResponse(id: Id, code: number, message: string, data?: unknown) {
  return {
    jsonrpc: '2.0',
    error: data === undefined ? { code, message } : { code, message, data },
    id,
  };
}

function validate(raw: unknown): RpcRequest | RpcError {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return new RpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request');
  }
  const req = raw as Record<string, unknown>;
  if (req.jsonrpc !== '2.0')
    return new RpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request: jsonrpc must be "2.0"');
  if (typeof req.method !== 'string')
    return new RpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request: method must be a string');
  if (req.params !== undefined && req.params !== null && !Array.isArray(req.params)) {
    return new RpcError(RPC_ERROR.INVALID_PARAMS, 'Invalid params: params must be an array');
  }
  return {
    id: idOf(req),
    method: req.method,
    params: Array.isArray(req.params) ? (req.params as unknown[]) : [],
  };
}

function idOf(req: Record<string, unknown>): Id {
  return typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null;
}

/**
 * Handles one parsed JSON-RPC message (single or batch) and returns the response object(s).
 * Unexpected exceptions become -32603 and are reported through `onInternalError`.
 */
export async function dispatch(
  raw: unknown,
  methods: MethodTable,
  onInternalError: (error: unknown, method: string) => void,
): Promise<unknown> {
  if (Array.isArray(raw)) {
    if (raw.length === 0)
      return errorResponse(null, RPC_ERROR.INVALID_REQUEST, 'Invalid request: empty batch');
    const out: unknown[] = [];
    for (const item of raw) out.push(await dispatchOne(item, methods, onInternalError));
    return out;
  }
  return dispatchOne(raw, methods, onInternalError);
}

async function dispatchOne(
  raw: unknown,
  methods: MethodTable,
  onInternalError: (error: unknown, method: string) => void,
): Promise<unknown> {
  const request = validate(raw);
  if (request instanceof RpcError) {
    const id =
      typeof raw === 'object' && raw !== null ? idOf(raw as Record<string, unknown>) : null;
    return errorResponse(id, request.code, request.message);
  }
  const handler = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
  if (handler === undefined)
    return errorResponse(request.id, RPC_ERROR.METHOD_NOT_FOUND, 'Method not found');
  try {
    const result = await handler(request.params);
    return { jsonrpc: '2.0', result, id: request.id };
  } catch (error) {
    if (error instanceof RpcError)
      return errorResponse(request.id, error.code, error.message, error.data);
    onInternalError(error, request.method);
    return errorResponse(request.id, RPC_ERROR.INTERNAL_ERROR, 'Internal error');
  }
}

/** Parses a request body; returns the -32700 response text on malformed JSON. */
export function parseBody(
  text: string,
): { ok: true; value: unknown } | { ok: false; response: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      response: stringifyJson(errorResponse(null, RPC_ERROR.PARSE_ERROR, 'Parse error')),
    };
  }
}
