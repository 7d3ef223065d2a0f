import { buildProposeSellerInstruction } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { usageError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { address, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `seller propose`: step one of handing the presale (and its proceeds) to another wallet. */
export const sellerProposeCommand = defineCommand({
  name: 'seller propose',
  summary: 'propose a new seller (e.g. a multisig); it takes over once it runs `seller accept`',
  notes: [
    'ProposeSeller records the proposal; nothing changes until the proposed wallet signs',
    'AcceptSeller. Proposing again replaces the proposal.',
  ],
  options: {
    ...keypairOption("keypair of the presale's current seller"),
    ...SALE_TARGET_OPTIONS,
    'new-seller': {
      type: 'string',
      value: '<pubkey>',
      required: true,
      description: 'the wallet that will run the presale',
    },
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const newSeller = new PublicKey(parseWith(address('--new-seller'), values['new-seller']));
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    if (newSeller.equals(seller.publicKey)) {
      throw usageError(
        `--new-seller ${newSeller.toBase58()} is already the seller (the --keypair)`,
      );
    }
    const state = await readSaleAsSeller(target, seller);
    const { connection, programId, presale } = target;
    const instruction = buildProposeSellerInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      newSeller,
    });
    const outcome = await runPlan(
      connection,
      { step: 'seller propose', transactions: [[instruction]], signer: seller },
      values['dry-run'] === true,
      io,
    );
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        seller: state.sellerPubkey,
        previousPendingSeller: state.pendingSeller,
        pendingSeller: newSeller.toBase58(),
        ...outcome,
      }),
    );
  },
});
