import { saleCompletion } from '@fbt/distribution';
import { buildFinalizeInstruction } from '@fbt/presale-client';
import { OperatorError } from '../operator-error';
import { openSaleTarget, readSale, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { notCompleteReason, outcomeJson, requireAtCompletion } from '../presale-completion';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { readChainTime } from '../sale-window';
import { defineCommand } from './command';

/**
 * `finalize`: what the BFF's keeper does by itself once an at-completion sale completes; anyone
 * may send it, the keypair only pays the fee.
 */
export const finalizeCommand = defineCommand({
  name: 'finalize',
  summary: "fix a complete at-completion sale's outcome: succeeded, or failed below its minimum",
  notes: [
    "A sale completes when it sells out or its window ends (by the cluster's clock). Finalize then",
    'fixes it: succeeded (distribute next) or, below its minimum raise, failed (buyers are',
    "refunded). The BFF's keeper does this by itself; already finalized: changed false.",
  ],
  options: {
    ...keypairOption('fee payer (anyone may finalize)'),
    ...SALE_TARGET_OPTIONS,
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const payer = readKeypairOption(values);
    const { connection, programId, presale } = target;
    const state = await readSale(target);
    requireAtCompletion(presale, state);
    const now = await readChainTime(connection);
    const completion = saleCompletion(state, now);
    if (!completion.complete) throw new OperatorError(notCompleteReason(presale, state, now));
    if (!completion.needsFinalize) {
      io.stdout(
        formatJson({ presale: presale.toBase58(), ...outcomeJson(state, now), changed: false }),
      );
      return;
    }
    const outcome = await runPlan(
      connection,
      {
        step: 'finalize',
        transactions: [[buildFinalizeInstruction({ programId, presale })]],
        signer: payer,
      },
      values['dry-run'] === true,
      io,
    );
    const after = outcome.dryRun ? state : await readSale(target);
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        ...outcomeJson(after, now),
        changed: !outcome.dryRun,
        ...outcome,
      }),
    );
  },
});
