import { FBT_DECIMALS, FBT_SUPPLY, U64_MAX } from '@fbt/domain';
import { z } from 'zod';
import { createFbtMint } from '../mint';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { keypairOption, readKeypairOption } from '../options/signer';
import { parseWith, positiveInteger } from '../options/validators';
import { formatJson } from '../output';
import { defineCommand } from './command';

const mintShapeSchema = z.object({
  decimals: z
    .string()
    .regex(/^\d+$/, '--decimals must be a whole number')
    .transform(Number)
    .refine((n) => n <= 9, '--decimals must be 0-9'),
  supply: positiveInteger('--supply', U64_MAX),
});

/**
 * `create-mint`: the FBT mint with its whole supply in the payer's token account, the mint
 * authority revoked unless kept, so the supply is fixed from the first transaction.
 */
export const createMintCommand = defineCommand({
  name: 'create-mint',
  summary: "create the FBT mint and mint the whole supply to the payer's token account",
  options: {
    ...keypairOption('keypair of the payer, who receives the supply'),
    decimals: {
      type: 'string',
      value: '<0-9>',
      default: String(FBT_DECIMALS),
      description: 'decimals of the mint',
    },
    supply: {
      type: 'string',
      value: '<whole FBT>',
      default: String(FBT_SUPPLY),
      description: 'tokens to mint, in whole FBT',
    },
    'keep-mint-authority': {
      type: 'boolean',
      description: 'keep the mint authority (by default it is revoked: no more FBT, ever)',
    },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const { decimals, supply } = parseWith(mintShapeSchema, {
      decimals: values.decimals,
      supply: values.supply,
    });
    if (supply * 10n ** BigInt(decimals) > U64_MAX) {
      throw usageError(`--supply ${supply} with ${decimals} decimals exceeds a u64`);
    }
    const payer = readKeypairOption(values);
    const result = await createFbtMint({
      connection,
      payer,
      decimals,
      supply,
      keepMintAuthority: values['keep-mint-authority'] === true,
    });
    io.stdout(
      formatJson({
        mint: result.mint.toBase58(),
        treasury: result.treasury.toBase58(),
        signature: result.signature,
      }),
    );
  },
});
