import { PublicKey } from '@solana/web3.js';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { readKeypairOption } from '../options/signer';
import { METADATA_OPTIONS, readMetadataOptions } from '../options/token-metadata';
import { address, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { DRY_RUN_OPTION } from '../sale-plan';
import { sendInstructions } from '../send';
import { metadataJson, planMetadataChange } from '../token-metadata';
import { readMint } from '../token-program';
import { defineCommand } from './command';

/**
 * `metadata`: shows a mint's on-chain name, symbol and logo URI, and adds or changes them on a
 * Token-2022 mint while its authorities allow: adding them takes the mint authority (and a
 * MetadataPointer to the mint itself, set when it was created), changing them the update
 * authority; `--revoke-update-authority` fixes them for good.
 */
export const metadataCommand = defineCommand({
  name: 'metadata',
  summary: "show, add or change a Token-2022 mint's name, symbol and logo URI",
  notes: [
    'Without --name, --symbol, --uri or --revoke-update-authority it only reads the mint.',
    'Adding metadata needs the mint authority; changing it, the update authority (--keypair).',
  ],
  options: {
    mint: { type: 'string', value: '<addr>', required: true, description: 'the mint' },
    keypair: {
      type: 'string',
      value: '<file>',
      description: 'the mint authority (to add) or update authority (to change); pays any rent',
    },
    ...METADATA_OPTIONS,
    'revoke-update-authority': {
      type: 'boolean',
      description: 'give up the update authority afterwards: the metadata is then fixed for good',
    },
    ...DRY_RUN_OPTION,
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const mint = new PublicKey(parseWith(address('--mint'), values.mint));
    const revoke = values['revoke-update-authority'] === true;
    const given = readMetadataOptions(values, io.env, false);
    const changing = Object.keys(given).length > 0 || revoke;
    if (!changing) {
      if (values['dry-run'] === true || values.keypair !== undefined) {
        throw usageError(
          'nothing to change: give --name, --symbol, --uri or --revoke-update-authority',
        );
      }
      const info = await readMint(connection, mint);
      io.stdout(
        formatJson({
          mint: mint.toBase58(),
          tokenProgram: info.tokenProgram.toBase58(),
          metadataAddress: info.metadataAddress?.toBase58() ?? null,
          metadata: metadataJson(info.metadata),
        }),
      );
      return;
    }
    // Adding metadata fills a missing --uri with the site's logo, as create-mint does.
    const { uri: siteLogo } = readMetadataOptions(values, io.env, true);
    const signer = readKeypairOption(values);
    const plan = await planMetadataChange({
      connection,
      mint,
      signer: signer.publicKey,
      fields: given,
      ...(siteLogo !== undefined ? { defaultUri: siteLogo } : {}),
      revokeUpdateAuthority: revoke,
    });
    const result = {
      mint: mint.toBase58(),
      tokenProgram: plan.mint.tokenProgram.toBase58(),
      changed: plan.steps.length > 0,
      changes: plan.changes,
      metadata: metadataJson(plan.after),
    };
    if (values['dry-run'] === true || plan.steps.length === 0) {
      io.stdout(
        formatJson({
          ...result,
          ...(values['dry-run'] === true ? { dryRun: true } : {}),
          steps: plan.steps.map(({ step }) => step),
        }),
      );
      return;
    }
    const signature = await sendInstructions(
      connection,
      'metadata',
      plan.steps.map(({ instruction }) => instruction),
      [signer],
    );
    io.stdout(formatJson({ ...result, signature }));
  },
});
