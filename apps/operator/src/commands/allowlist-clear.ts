import { buildSetAllowlistInstruction } from '@fbt/presale-client';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `allowlist clear`: opens the sale to every wallet again (a zero root). */
export const allowlistClearCommand = defineCommand({
  name: 'allowlist clear',
  summary: 'open the presale to every wallet again (removes the on-chain allowlist root)',
  notes: ['The wallets file is left as it is; the BFF stops using it once the root is gone.'],
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...SALE_TARGET_OPTIONS,
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    const state = await readSaleAsSeller(target, seller);
    const { connection, programId, presale } = target;
    const unchanged = state.allowlistRoot === null;
    const instruction = buildSetAllowlistInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      root: null,
    });
    const outcome = await runPlan(
      connection,
      { step: 'allowlist clear', transactions: unchanged ? [] : [[instruction]], signer: seller },
      values['dry-run'] === true,
      io,
    );
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        previousRoot: state.allowlistRoot,
        changed: !unchanged && !outcome.dryRun,
        ...outcome,
      }),
    );
  },
});
