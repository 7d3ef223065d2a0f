import { PublicKey } from '@solana/web3.js';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import {
  PRESALE_TARGET_NOTES,
  PRESALE_TARGET_OPTIONS,
  resolvePresale,
  resolveProgramId,
} from '../options/presale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { address, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { withdrawUnsold } from '../presale-admin';
import { defineCommand } from './command';

/** `withdraw-unsold`: the seller takes back the FBT the presale did not sell. */
export const withdrawUnsoldCommand = defineCommand({
  name: 'withdraw-unsold',
  summary: "move a presale's unsold FBT back to the seller",
  notes: PRESALE_TARGET_NOTES,
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...PRESALE_TARGET_OPTIONS,
    destination: {
      type: 'string',
      value: '<token account>',
      description: "where the FBT goes (default: the seller's associated token account)",
    },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection, deployment } = openChain(values, io.env);
    const programId = resolveProgramId(values, deployment);
    const presale = resolvePresale(values, deployment);
    const destination =
      values.destination === undefined
        ? undefined
        : new PublicKey(parseWith(address('--destination'), values.destination));
    const result = await withdrawUnsold({
      connection,
      programId,
      seller: readKeypairOption(values),
      presale,
      ...(destination === undefined ? {} : { destination }),
    });
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        destination: result.destination.toBase58(),
        withdrawnBaseUnits: result.amount,
        signature: result.signature,
      }),
    );
  },
});
