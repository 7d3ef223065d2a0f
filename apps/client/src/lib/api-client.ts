import type { z } from 'zod';
import { API_BASE } from '../config/api';
import { checkWire, prepareWireCheck } from './wire-check';
import type { WireOutput, WireSchemaName } from './wire-schemas';

/** A BFF call that did not return a usable JSON body. */
export class BffResponseError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'BffResponseError';
  }
}

/** GETs `${API_BASE}${path}` and returns the parsed JSON body; non-2xx becomes a BffResponseError. */
export async function getJson(path: string, init: { signal?: AbortSignal } = {}): Promise<unknown> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { accept: 'application/json' },
    signal: init.signal ?? null,
  });
  if (!response.ok)
    throw new BffResponseError(`HTTP error! status: ${response.status}`, response.status);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new BffResponseError(`Invalid JSON from ${path}`, response.status);
  }
}

/**
 * Validates a body against a zod schema on the page's thread (the swap page's own answers); a
 * mismatch throws an error naming `what` and the offending fields.
 */
export function parseResponse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Invalid ${what}: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}

/**
 * GETs `${API_BASE}${path}` and checks the body against the wire schema `name` (see
 * `wire-check.ts`): a mismatch throws an error naming `what` and the offending fields. The
 * checker starts alongside the request, not after it.
 */
export async function getParsed<N extends WireSchemaName>(
  path: string,
  name: N,
  what: string,
  init: { signal?: AbortSignal } = {},
): Promise<WireOutput<N>> {
  prepareWireCheck();
  const body = await getJson(path, init);
  return parseWire(name, body, what);
}

/** Checks a body that came some other way (the stream, a POST) against the wire schema `name`. */
export async function parseWire<N extends WireSchemaName>(
  name: N,
  body: unknown,
  what: string,
): Promise<WireOutput<N>> {
  const check = await checkWire(name, body);
  if (!check.success) throw new Error(`Invalid ${what}: ${check.paths.join(', ')}`);
  return check.data;
}

/** Narrowing helper for hand-written response guards. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
