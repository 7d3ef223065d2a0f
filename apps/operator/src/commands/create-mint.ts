import { FBT_DECIMALS, FBT_SUPPLY, U64_MAX } from '@fbt/domain';
import { z } from 'zod';
import { createFbtMint } from '../mint';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { keypairOption, readKeypairOption } from '../options/signer';
import { METADATA_OPTIONS, readMetadataOptions, requireAllFields } from '../options/token-metadata';
import { parseWith, positiveInteger } from '../options/validators';
import { formatJson } from '../output';
import { defineCommand } from './command';

const TOKEN_PROGRAMS = ['spl-token', 'token-2022'] as const;

const mintShapeSchema = z.object({
  decimals: z
    .string()
    .regex(/^\d+$/, '--decimals must be a whole number')
    .transform(Number)
    .refine((n) => n <= 9, '--decimals must be 0-9'),
  supply: positiveInteger('--supply', U64_MAX),
  tokenProgram: z.enum(TOKEN_PROGRAMS, {
    error: '--token-program must be spl-token or token-2022',
  }),
});

/**
 * `create-mint`: the FBT mint with its whole supply in the payer's token account, the mint
 * authority revoked unless kept, so the supply is fixed from the first transaction. With
 * `--token-program token-2022` the mint carries its name, symbol and logo URI on chain
 * (MetadataPointer + TokenMetadata, the payer its update authority), which wallets and explorers
 * show; an SPL Token mint has no metadata of its own.
 */
export const createMintCommand = defineCommand({
  name: 'create-mint',
  summary: "create the FBT mint and mint the whole supply to the payer's token account",
  notes: [
    '--token-program token-2022 writes --name, --symbol and --uri into the mint (the payer can',
    'change them later with `metadata`); --uri defaults to the site’s metadata document,',
    '<--site-url>/token/fbt.json (name, symbol and logo, as wallets read it).',
  ],
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
    'token-program': {
      type: 'string',
      value: '<spl-token|token-2022>',
      default: 'spl-token',
      description: 'the token program; token-2022 carries the name, symbol and logo on chain',
    },
    ...METADATA_OPTIONS,
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const { decimals, supply, tokenProgram } = parseWith(mintShapeSchema, {
      decimals: values.decimals,
      supply: values.supply,
      tokenProgram: values['token-program'],
    });
    const given = readMetadataOptions(values, io.env, tokenProgram === 'token-2022');
    if (tokenProgram === 'spl-token' && Object.keys(given).length > 0) {
      throw usageError('--name, --symbol and --uri need --token-program token-2022');
    }
    const metadata = tokenProgram === 'token-2022' ? requireAllFields(given) : undefined;
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
      ...(metadata !== undefined ? { metadata } : {}),
    });
    io.stdout(
      formatJson({
        mint: result.mint.toBase58(),
        tokenProgram: result.tokenProgram.toBase58(),
        treasury: result.treasury.toBase58(),
        ...(metadata !== undefined ? { metadata } : {}),
        signature: result.signature,
      }),
    );
  },
});
