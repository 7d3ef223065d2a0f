/**
 * The domain's wire schemas the site validates BFF answers with, and the one check every answer
 * goes through. Never imported by the page's own thread in a browser: evaluating zod and
 * building these schemas costs a throttled phone a few hundred milliseconds, so the site checks
 * answers in a worker (`wire-worker.ts`, started by `wire-check.ts`), and only loads this module
 * itself where no worker can run. Swap validates its own answers with zod directly.
 */
import {
  allowlistProofResponseSchema,
  apiErrorBodySchema,
  buyerResponseSchema,
  configResponseSchema,
  distributionResponseSchema,
  goalsResponseSchema,
  leaderboardResponseSchema,
  leaderDetailResponseSchema,
  leaderEarningsResponseSchema,
  leaderReportResponseSchema,
  presaleResponseSchema,
  priceResponseSchema,
  publishedAllowlistResponseSchema,
} from '@fbt/domain';
import type { z } from 'zod';

/** Every schema a BFF body can be checked against, by name. */
const WIRE_SCHEMAS = {
  allowlistProofResponseSchema,
  apiErrorBodySchema,
  buyerResponseSchema,
  configResponseSchema,
  distributionResponseSchema,
  goalsResponseSchema,
  leaderboardResponseSchema,
  leaderDetailResponseSchema,
  leaderEarningsResponseSchema,
  leaderReportResponseSchema,
  presaleResponseSchema,
  priceResponseSchema,
  publishedAllowlistResponseSchema,
} as const;

export type WireSchemaName = keyof typeof WIRE_SCHEMAS;

/** What the schema `N` makes of a valid body. */
export type WireOutput<N extends WireSchemaName> = z.output<(typeof WIRE_SCHEMAS)[N]>;

/**
 * A body checked against a wire schema: its parsed value (plain data: strings, numbers,
 * booleans, arrays and objects, so it crosses from the worker unchanged), or the paths of the
 * fields that are wrong.
 */
export type WireCheck<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly paths: readonly string[] };

export function isWireSchemaName(name: unknown): name is WireSchemaName {
  return typeof name === 'string' && Object.hasOwn(WIRE_SCHEMAS, name);
}

/** Checks `body` against the wire schema `name`. */
export function checkWireBody<N extends WireSchemaName>(
  name: N,
  body: unknown,
): WireCheck<WireOutput<N>> {
  // TypeScript cannot follow `name` to its own schema through the table's union: it is that one.
  const schema = WIRE_SCHEMAS[name] as unknown as z.ZodType<WireOutput<N>>;
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, paths: parsed.error.issues.map((issue) => issue.path.join('.')) };
}
