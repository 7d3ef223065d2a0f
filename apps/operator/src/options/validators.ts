// zod schemas for option values. Each takes the flag's name so its messages say which option
// is wrong ("--wallet must be a base58 Solana address"); the operator sees them verbatim.
import { parseSolAmount } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { usageError } from '../operator-error';

/** A base58 Solana address, exactly as PublicKey prints it (no padding or case slips). */
export const address = (flag: string) =>
  z.string({ error: `${flag} is required` }).refine((text) => {
    try {
      return new PublicKey(text).toBase58() === text;
    } catch {
      return false;
    }
  }, `${flag} must be a base58 Solana address`);

const AMOUNT_PROBLEMS: Readonly<Record<string, string>> = {
  AMOUNT__EMPTY: 'is empty',
  AMOUNT__NOT_A_NUMBER: 'is not a number',
  AMOUNT__NEGATIVE: 'must not be negative',
  AMOUNT__EXPONENT: 'must be a plain decimal (no exponent)',
  AMOUNT__TOO_MANY_DECIMALS: 'has more than 9 decimals (below one lamport)',
  AMOUNT__OUT_OF_RANGE: 'is too large',
};

/** A SOL amount as typed ("0.1"), to lamports; the same parser the site uses for buy amounts. */
export const solAmount = (flag: string) =>
  z.string({ error: `${flag} is required` }).transform((text, ctx) => {
    const parsed = parseSolAmount(text);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message: `${flag} ${AMOUNT_PROBLEMS[parsed.code] ?? 'is invalid'}: ${JSON.stringify(text)}`,
      });
      return z.NEVER;
    }
    return parsed.lamports;
  });

/** A whole number 1..max as a bigint (token counts and prices exceed Number's safe range). */
export const positiveInteger = (flag: string, max: bigint) =>
  z
    .string({ error: `${flag} is required` })
    .regex(/^\d+$/, `${flag} must be a whole number`)
    .transform((text) => BigInt(text))
    .refine((value) => value > 0n && value <= max, `${flag} must be between 1 and ${max}`);

/** Any non-empty text (file names, directories). */
export const flagText = (flag: string) =>
  z.string({ error: `${flag} is required` }).min(1, `${flag} must not be empty`);

/** Validates with `schema`; every problem becomes one line of a usage error (exit code 2). */
export function parseWith<T>(schema: z.ZodType<T>, values: unknown): T {
  const parsed = schema.safeParse(values);
  if (!parsed.success)
    throw usageError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return parsed.data;
}
