/**
 * A Solana Actions client written from the specification (not from our server): resolves a
 * website link through the site's `/actions.json`, GETs the Action, fills a linked action's
 * parameters (checking `required`, `min`, `max` and `pattern` as a Blink client does), POSTs
 * `{ account }`, and treats the answer as untrusted: an unsigned transaction gets the latest
 * blockhash and the account as fee payer, and is refused as malicious when it wants any other
 * signature. Answers are plain `fetch` over HTTP.
 */
import type { Connection, Keypair } from '@solana/web3.js';
import { VersionedTransaction } from '@solana/web3.js';
import { z } from 'zod';

const absoluteHttpUrl = z
  .string()
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'absolute http(s) URL');

const parameterSchema = z.object({
  type: z.string().optional(),
  name: z.string().min(1),
  label: z.string().optional(),
  required: z.boolean().optional(),
  pattern: z.string().optional(),
  patternDescription: z.string().optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
});

const linkedActionSchema = z.object({
  type: z.enum(['transaction', 'message', 'post', 'external-link']),
  href: z.string().min(1),
  label: z.string().min(1),
  parameters: z.array(parameterSchema).optional(),
});
export type SpecLinkedAction = z.infer<typeof linkedActionSchema>;

/** The specification's `ActionGetResponse` (type `action`). */
export const actionGetSchema = z.object({
  type: z.literal('action').optional(),
  icon: absoluteHttpUrl,
  title: z.string().min(1),
  description: z.string().min(1),
  label: z.string().min(1),
  disabled: z.boolean().optional(),
  links: z.object({ actions: z.array(linkedActionSchema) }).optional(),
  error: z.object({ message: z.string() }).optional(),
});
export type SpecAction = z.infer<typeof actionGetSchema>;

const actionsJsonSchema = z.object({
  rules: z.array(z.object({ pathPattern: z.string(), apiPath: z.string() })),
});
const postResponseSchema = z.object({
  type: z.literal('transaction').optional(),
  transaction: z.string().min(1),
  message: z.string().optional(),
});
const errorSchema = z.object({ message: z.string().min(1) });

/** An HTTP error answer of an Action API: status and its `message`. */
export class ActionApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Headers,
  ) {
    super(message);
    this.name = 'ActionApiError';
  }
}

/** What every Action answer must carry, per the specification (CORS for any origin). */
export function assertActionHeaders(headers: Headers): void {
  if (headers.get('access-control-allow-origin') !== '*') {
    throw new Error(`Access-Control-Allow-Origin is ${headers.get('access-control-allow-origin')}`);
  }
  const methods = headers.get('access-control-allow-methods') ?? '';
  for (const method of ['GET', 'POST', 'PUT', 'OPTIONS']) {
    if (!methods.includes(method)) throw new Error(`Allow-Methods lacks ${method}: ${methods}`);
  }
  const allowed = (headers.get('access-control-allow-headers') ?? '').toLowerCase();
  for (const header of ['content-type', 'authorization', 'content-encoding', 'accept-encoding']) {
    if (!allowed.includes(header)) throw new Error(`Allow-Headers lacks ${header}: ${allowed}`);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) throw new Error(`content-type ${type}`);
  return response.json();
}

async function failure(response: Response): Promise<ActionApiError> {
  const body = errorSchema.parse(await readJson(response));
  return new ActionApiError(response.status, body.message, response.headers);
}

/** `actions.json` path matching: `*` one segment, `**` (last) anything, else exact. */
function matchPath(pattern: string, path: string): string[] | null {
  const regex = pattern
    .split('/')
    .map((part) =>
      part === '**'
        ? '(.*)'
        : part === '*'
          ? '([^/]+)'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  const match = new RegExp(`^${regex}$`).exec(path);
  return match === null ? null : match.slice(1);
}

/**
 * The Action URL of a website link, through the site's `/actions.json` (first matching rule;
 * wildcards carried into `apiPath`; the link's query string kept), or null when none matches.
 */
export async function resolveActionUrl(link: string): Promise<string | null> {
  const url = new URL(link);
  const response = await fetch(new URL('/actions.json', url.origin), {
    headers: { 'accept-encoding': 'gzip, br' },
  });
  if (!response.ok) throw await failure(response);
  assertActionHeaders(response.headers);
  const { rules } = actionsJsonSchema.parse(await readJson(response));
  for (const rule of rules) {
    const captured = matchPath(rule.pathPattern, url.pathname);
    if (captured === null) continue;
    let i = 0;
    const apiPath = rule.apiPath.replace(/\*\*|\*/g, () => captured[i++] ?? '');
    const target = new URL(apiPath, url.origin);
    url.searchParams.forEach((value, key) => target.searchParams.append(key, value));
    return target.toString();
  }
  return null;
}

/** GET an Action (no wallet identified); the body checked against the specification's shape. */
export async function getAction(
  actionUrl: string,
): Promise<{ action: SpecAction; headers: Headers }> {
  const response = await fetch(actionUrl, { headers: { 'accept-encoding': 'gzip, br' } });
  if (!response.ok) throw await failure(response);
  assertActionHeaders(response.headers);
  return { action: actionGetSchema.parse(await readJson(response)), headers: response.headers };
}

/**
 * A linked action's URL with its parameters filled in, after the checks a Blink client makes
 * (throws on a missing required value, a value outside min/max or not matching the pattern).
 */
export function fillLinkedAction(
  linked: SpecLinkedAction,
  baseUrl: string,
  values: Readonly<Record<string, string>> = {},
): string {
  let href = linked.href;
  for (const parameter of linked.parameters ?? []) {
    const value = values[parameter.name];
    if (value === undefined || value === '') {
      if (parameter.required === true) throw new Error(`${parameter.name} is required`);
      continue;
    }
    if (parameter.pattern !== undefined && !new RegExp(parameter.pattern).test(value)) {
      throw new Error(`${parameter.name}: ${parameter.patternDescription ?? 'does not match'}`);
    }
    if (parameter.type === 'number') {
      const number = Number(value);
      if (typeof parameter.min === 'number' && number < parameter.min) throw new Error('below min');
      if (typeof parameter.max === 'number' && number > parameter.max) throw new Error('above max');
    }
    href = href.replaceAll(`{${parameter.name}}`, encodeURIComponent(value));
  }
  return new URL(href, baseUrl).toString();
}

/** POST `{ account }`; the transaction answer, or an {@link ActionApiError}. */
export async function postAction(
  url: string,
  body: unknown,
): Promise<{ transaction: string; message?: string; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  assertActionHeaders(response.headers);
  const parsed = postResponseSchema.parse(await readJson(response));
  return { ...parsed, headers: response.headers };
}

/**
 * Signs and sends an Action's transaction as a wallet must: decoded as untrusted; refused when
 * any signature other than the account's is required, or the account is not the fee payer of
 * a partially signed one; an unsigned one gets the latest blockhash; then confirmed.
 */
export async function signAndSend(
  connection: Connection,
  base64: string,
  signer: Keypair,
): Promise<{ signature: string; transaction: VersionedTransaction }> {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const { header, staticAccountKeys } = transaction.message;
  const signers = staticAccountKeys.slice(0, header.numRequiredSignatures);
  if (signers.length !== 1 || !signers[0]?.equals(signer.publicKey)) {
    throw new Error(`malicious: signatures wanted from ${signers.map(String).join(', ')}`);
  }
  const unsigned = transaction.signatures.every((signature) => signature.every((b) => b === 0));
  const latest = await connection.getLatestBlockhash('confirmed');
  if (unsigned) transaction.message.recentBlockhash = latest.blockhash;
  transaction.sign([signer]);
  const signature = await connection.sendRawTransaction(transaction.serialize(), {
    skipPreflight: false,
  });
  const confirmation = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (confirmation.value.err !== null) {
    throw new Error(`transaction failed: ${JSON.stringify(confirmation.value.err)}`);
  }
  return { signature, transaction };
}
