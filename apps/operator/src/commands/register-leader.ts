import { isValidLeaderCode } from '@fbt/domain';
import { z } from 'zod';
import { OperatorError } from '../operator-error';
import { describeLedger, LEDGER_DB_OPTION, resolveLedger, withLedger } from '../options/ledger';
import { address, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { defineCommand } from './command';

const leaderSchema = z.object({
  code: z
    .string({ error: '--code is required' })
    .refine(isValidLeaderCode, '--code must be 3-32 letters, digits, "_" or "-"'),
  wallet: address('--wallet'),
});

/**
 * `register-leader`: gives a community leader a referral code. Re-registering the same code to
 * the same wallet is harmless; taking another leader's code is refused.
 */
export const registerLeaderCommand = defineCommand({
  name: 'register-leader',
  summary: "register a leader's referral code in the BFF's ledger",
  notes: [
    "Writes the BFF's ledger database only (the site's code check and leaderboard); nothing is",
    'sent to the chain. On a v2 presale the program pays the 10% from an on-chain leader record:',
    'create it with `leaders register`.',
  ],
  options: {
    code: {
      type: 'string',
      value: '<code>',
      required: true,
      description: 'the referral code (3-32 letters, digits, "_" or "-")',
    },
    wallet: {
      type: 'string',
      value: '<addr>',
      required: true,
      description: "the leader's wallet",
    },
    ...LEDGER_DB_OPTION,
  },
  run: async (values, io) => {
    const target = resolveLedger(values, io.env);
    const input = parseWith(leaderSchema, { code: values.code, wallet: values.wallet });
    await withLedger(target, async (ledger) => {
      const existing = await ledger.findLeader(input.code);
      if (existing !== null && existing.wallet !== input.wallet) {
        throw new OperatorError(
          `leader code ${JSON.stringify(input.code)} is already registered to ${existing.wallet}`,
        );
      }
      const leader = await ledger.registerLeader(input);
      io.stdout(formatJson({ db: describeLedger(target), ...leader, created: existing === null }));
    });
  },
});
