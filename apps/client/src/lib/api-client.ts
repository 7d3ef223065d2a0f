import type { z } from 'zod';
import { API_BASE } from '../config/api';

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

/** Narrowing helper for hand-written response guards. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
