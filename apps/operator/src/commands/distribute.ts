import { readDistributionPresale } from '@fbt/distribution';
import { OperatorError } from '../operator-error';
import { openSaleTarget, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import {
  deploymentLookupTables,
  planJson,
  planSaleDistribution,
  sendSaleDistribution,
} from '../distribution-run';
import { DRY_RUN_OPTION } from '../sale-plan';
import { defineCommand } from './command';

/**
 * `distribute`: what the BFF's keeper does by itself after a successful Finalize: every buyer
 * gets what is unlocked and not delivered yet, in Distribute transactions of one packet each.
 */
export const distributeCommand = defineCommand({
  name: 'distribute',
  summary: 'deliver every buyer the FBT unlocked so far, after a successful finalize',
  notes: [
    'Reads every buyer record (the chain is the state: run it again after a failure and only',
    "the rest is sent), packs Distribute transactions to one packet each, loading the presale's",
    "fixed accounts from the deployment file's lookupTable when it has one. A buyer whose FBT",
    'account was closed gets it back, paid by --keypair; one whose account cannot take FBT is',
    "left to its own Claim. The BFF's keeper does this by itself.",
  ],
  options: {
    ...keypairOption('fee payer (anyone may distribute; it pays fees and recreated accounts)'),
    ...SALE_TARGET_OPTIONS,
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const payer = readKeypairOption(values);
    const lookupTables = await deploymentLookupTables(target);
    const plan = await planSaleDistribution(target, payer.publicKey, lookupTables);
    const summary = planJson(plan);
    if (values['dry-run'] === true || plan.batches.length === 0) {
      io.stdout(formatJson({ ...summary, changed: false, dryRun: values['dry-run'] === true }));
      return;
    }
    const result = await sendSaleDistribution(target, plan, payer, lookupTables, io);
    const after = await readDistributionPresale(
      target.connection,
      target.programId,
      target.presale,
    );
    io.stdout(
      formatJson({
        presale: summary.presale,
        buyers: summary.buyers,
        buyersDelivered: after.buyersDelivered,
        progress: `${after.buyersDelivered} of ${after.buyerCount} buyers hold every FBT they bought`,
        delivered: { transactions: result.confirmed, tokensBaseUnits: result.tokens },
        failed: result.failed,
        // Buyers whose delivery alone was refused (their batch split down to them) join them.
        unreachable: [
          ...summary.unreachable,
          ...result.isolated.map((entry) => ({
            buyer: entry.buyer.toBase58(),
            reason: entry.reason,
          })),
        ],
        feeLamports: result.feeLamports,
        signatures: result.outcomes.flatMap((outcome) =>
          'confirmed' in outcome ? [outcome.confirmed.signature] : [],
        ),
        changed: result.confirmed > 0,
      }),
    );
    const failed = result.failed - result.isolated.length;
    if (failed > 0) {
      throw new OperatorError(
        `${failed} of ${plan.batches.length} transactions failed (above); run distribute again: the chain shows what was delivered`,
      );
    }
  },
});
