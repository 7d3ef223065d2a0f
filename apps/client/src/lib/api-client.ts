import type { z } from 'zod';
import { API_BASE } from '../config/api';
// Type only: the module itself is imported lazily (loadWireSchemas).
import type * as wireSchemaModule from './wire-schemas';

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
 * Validates a BFF body (HTTP or stream) against its shared wire schema; a mismatch throws an
 * error naming `what` and the offending fields.
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

/** The wire schemas module (`wire-schemas.ts`), loaded on first use. */
export type WireSchemas = typeof wireSchemaModule;

let wireSchemas: Promise<WireSchemas> | undefined;

/**
 * The wire schemas, fetched and evaluated the first time they are asked for (then shared). A
 * failed load (the chunk did not arrive) is forgotten, so the next read tries again. Callers
 * start the load before their request and await it after: the promise is marked handled here,
 * so a load that fails meanwhile is not an unhandled rejection (awaiting it still throws).
 */
export function loadWireSchemas(): Promise<WireSchemas> {
  if (wireSchemas === undefined) {
    const loading = import('./wire-schemas').catch((error: unknown) => {
      wireSchemas = undefined;
      throw error;
    });
    loading.catch(() => undefined);
    wireSchemas = loading;
  }
  return wireSchemas;
}

/**
 * GETs `${API_BASE}${path}` and validates the body with the wire schema `pick` chooses (see
 * {@link parseResponse}). The schemas load in parallel with the request, not after it.
 */
export async function getParsed<T>(
  path: string,
  pick: (schemas: WireSchemas) => z.ZodType<T>,
  what: string,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const schemas = loadWireSchemas();
  const body = await getJson(path, init);
  return parseResponse(pick(await schemas), body, what);
}

/** Validates a body that came some other way (the stream, a POST) with a lazy wire schema. */
export async function parseWire<T>(
  pick: (schemas: WireSchemas) => z.ZodType<T>,
  body: unknown,
  what: string,
): Promise<T> {
  return parseResponse(pick(await loadWireSchemas()), body, what);
}

/** Narrowing helper for hand-written response guards. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
