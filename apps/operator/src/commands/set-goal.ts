import { z } from 'zod';
import { describeLedger, LEDGER_DB_OPTION, resolveLedger, withLedger } from '../options/ledger';
import { parseWith } from '../options/validators';
import { formatJson } from '../output';
import { defineCommand } from './command';

const goalSchema = z.object({
  community: z.enum(['telegram', 'twitter'], {
    error: '--community must be telegram or twitter',
  }),
  count: z
    .string({ error: '--count is required' })
    .regex(/^\d+$/, '--count must be a whole number >= 0')
    .transform(Number)
    .refine(
      (n) => Number.isSafeInteger(n) && n <= 1_000_000_000,
      '--count must be at most 1000000000',
    ),
});

/**
 * `set-goal`: the operator's member count for a community goal, which the BFF shows when it has
 * no social API credentials to count members itself.
 */
export const setGoalCommand = defineCommand({
  name: 'set-goal',
  summary: "set a community's member count in the BFF's ledger",
  options: {
    community: {
      type: 'string',
      value: 'telegram|twitter',
      required: true,
      description: 'the community',
    },
    count: {
      type: 'string',
      value: '<n>',
      required: true,
      description: 'its member count (0 to 1000000000)',
    },
    ...LEDGER_DB_OPTION,
  },
  run: async (values, io) => {
    const target = resolveLedger(values, io.env);
    const input = parseWith(goalSchema, { community: values.community, count: values.count });
    await withLedger(target, async (ledger) => {
      await ledger.setOperatorCount(input.community, input.count);
      io.stdout(
        formatJson({
          db: describeLedger(target),
          community: input.community,
          count: await ledger.getOperatorCount(input.community),
        }),
      );
    });
  },
});
