import { z } from 'zod';
import type { OptionSpecs, OptionValues } from './option-spec';
import { parseWith, solAmount } from './validators';

/** A presale's purchase limits in SOL, as create-presale and update-limits take them. */
export const LIMIT_OPTIONS = {
  'min-sol': {
    type: 'string',
    value: '<n>',
    required: true,
    description: 'smallest purchase, in SOL (more than 0)',
  },
  'max-sol': {
    type: 'string',
    value: '<n>',
    required: true,
    description: 'most one buyer may buy, in SOL (at least --min-sol)',
  },
  'max-total-sol': {
    type: 'string',
    value: '<n>',
    required: true,
    description: 'most the presale sells in total, in SOL (at least --max-sol)',
  },
} as const satisfies OptionSpecs;

/**
 * Checked together so the operator sees every problem at once, and with the rules the program
 * enforces (min > 0, min <= max <= total) so a bad set never costs a failed transaction.
 */
const limitsSchema = z
  .object({
    'min-sol': solAmount('--min-sol'),
    'max-sol': solAmount('--max-sol'),
    'max-total-sol': solAmount('--max-total-sol'),
  })
  .superRefine((v, ctx) => {
    if (v['min-sol'] === 0n)
      ctx.addIssue({ code: 'custom', message: '--min-sol must be greater than 0' });
    if (v['min-sol'] > v['max-sol'])
      ctx.addIssue({ code: 'custom', message: '--min-sol must not exceed --max-sol' });
    if (v['max-sol'] > v['max-total-sol'])
      ctx.addIssue({ code: 'custom', message: '--max-sol must not exceed --max-total-sol' });
  })
  .transform((v) => ({
    minUserBuyable: v['min-sol'],
    maxUserBuyable: v['max-sol'],
    maxTotalBuyable: v['max-total-sol'],
  }));

/** The limits in lamports, named as the program's instruction takes them. */
export type ParsedLimits = z.output<typeof limitsSchema>;

/** Validates the three limit options into lamports (a usage error lists every problem). */
export function parseLimits(values: OptionValues<typeof LIMIT_OPTIONS>): ParsedLimits {
  return parseWith(limitsSchema, values);
}
