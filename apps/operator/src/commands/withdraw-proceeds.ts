import { formatSol } from '@fbt/domain';
import { buildWithdrawProceedsInstruction } from '@fbt/presale-client';
import { OperatorError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { requireAtCompletion } from '../presale-completion';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/**
 * `withdraw-proceeds`: the seller takes the escrowed SOL of a sale that reached its minimum
 * raise (less the leaders' commission, which they claim themselves).
 */
export const withdrawProceedsCommand = defineCommand({
  name: 'withdraw-proceeds',
  summary: "pay the seller a successful escrow sale's SOL (after finalize)",
  notes: [
    'Only a presale with a minimum raise holds SOL in escrow; once finalized as succeeded, the',
    "seller takes what was raised less the leaders' commission and earlier withdrawals.",
    'Nothing left: changed false.',
  ],
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
    const address = presale.toBase58();
    requireAtCompletion(presale, state);
    if (state.minimumRaise === 0n) {
      throw new OperatorError(
        `presale ${address} has no minimum raise: its SOL reached the seller in each buy, nothing is in escrow`,
      );
    }
    if (state.status === 'failed') {
      throw new OperatorError(
        `presale ${address} missed its minimum raise: its escrow belongs to the buyers (refunds), not the seller`,
      );
    }
    if (state.status !== 'succeeded') {
      throw new OperatorError(
        `presale ${address} is not finalized (status ${state.status}): run \`finalize --presale ${address}\` once it is complete`,
      );
    }
    const amount = state.currentTotalSold - state.leaderCommission - state.proceedsWithdrawn;
    const instruction = buildWithdrawProceedsInstruction({
      programId,
      seller: seller.publicKey,
      presale,
    });
    const outcome = await runPlan(
      connection,
      {
        step: 'withdraw-proceeds',
        transactions: amount > 0n ? [[instruction]] : [],
        signer: seller,
      },
      values['dry-run'] === true,
      io,
    );
    io.stdout(
      formatJson({
        presale: address,
        seller: seller.publicKey.toBase58(),
        withdrawnLamports: amount,
        withdrawn: `${formatSol(amount)} SOL`,
        escrowBeforeLamports: state.escrowLamports,
        changed: amount > 0n && !outcome.dryRun,
        ...outcome,
      }),
    );
  },
});
