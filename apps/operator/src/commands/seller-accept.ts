import { buildAcceptSellerInstruction } from '@fbt/presale-client';
import { OperatorError } from '../operator-error';
import { openSaleTarget, readSale, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `seller accept`: the proposed wallet takes the presale over; proceeds go to it from then on. */
export const sellerAcceptCommand = defineCommand({
  name: 'seller accept',
  summary: 'accept a seller proposal with the proposed wallet: it becomes the seller',
  notes: ['From then on buys pay the new seller and only it administers the presale.'],
  options: {
    ...keypairOption('keypair of the proposed new seller'),
    ...SALE_TARGET_OPTIONS,
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const newSeller = readKeypairOption(values);
    const state = await readSale(target);
    const { connection, programId, presale } = target;
    const me = newSeller.publicKey.toBase58();
    if (state.pendingSeller !== me) {
      throw new OperatorError(
        state.pendingSeller === null
          ? `presale ${presale.toBase58()} has no proposed seller; the seller runs \`seller propose --new-seller ${me}\` first`
          : `--keypair ${me} is not the proposed seller of presale ${presale.toBase58()} (${state.pendingSeller} is)`,
      );
    }
    const instruction = buildAcceptSellerInstruction({
      programId,
      newSeller: newSeller.publicKey,
      presale,
    });
    const outcome = await runPlan(
      connection,
      { step: 'seller accept', transactions: [[instruction]], signer: newSeller },
      values['dry-run'] === true,
      io,
    );
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        previousSeller: state.sellerPubkey,
        seller: me,
        ...outcome,
      }),
    );
  },
});
