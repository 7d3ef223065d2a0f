import { formatSol } from '@fbt/domain';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { LIMIT_OPTIONS, parseLimits } from '../options/limits';
import {
  PRESALE_TARGET_NOTES,
  PRESALE_TARGET_OPTIONS,
  resolvePresale,
  resolveProgramId,
} from '../options/presale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { updatePresaleLimits } from '../presale-admin';
import { defineCommand } from './command';

/** `update-limits`: the seller changes the per-buyer and total limits of a running presale. */
export const updateLimitsCommand = defineCommand({
  name: 'update-limits',
  summary: "change a presale's purchase limits",
  notes: PRESALE_TARGET_NOTES,
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...PRESALE_TARGET_OPTIONS,
    ...LIMIT_OPTIONS,
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection, deployment } = openChain(values, io.env);
    const limits = parseLimits(values);
    const programId = resolveProgramId(values, deployment);
    const presale = resolvePresale(values, deployment);
    const signature = await updatePresaleLimits({
      connection,
      programId,
      seller: readKeypairOption(values),
      presale,
      limits,
    });
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        minUserBuyable: formatSol(limits.minUserBuyable),
        maxUserBuyable: formatSol(limits.maxUserBuyable),
        maxTotalBuyable: formatSol(limits.maxTotalBuyable),
        signature,
      }),
    );
  },
});
