import { CHAIN_OPTIONS, openChain } from '../options/chain';
import {
  PRESALE_TARGET_NOTES,
  PRESALE_TARGET_OPTIONS,
  resolvePresale,
  resolveProgramId,
} from '../options/presale-target';
import { formatJson } from '../output';
import { getPresaleStatus } from '../presale-status';
import { defineCommand } from './command';

/** `status`: read-only, so it needs no keypair and is safe to run against any cluster. */
export const statusCommand = defineCommand({
  name: 'status',
  summary:
    "print a presale's state, limits, sales, vault balance and delivery (completion, distribution, escrow)",
  notes: PRESALE_TARGET_NOTES,
  options: { ...PRESALE_TARGET_OPTIONS, ...CHAIN_OPTIONS },
  run: async (values, io) => {
    const { connection, deployment } = openChain(values, io.env);
    const programId = resolveProgramId(values, deployment);
    const presale = resolvePresale(values, deployment);
    io.stdout(formatJson(await getPresaleStatus(connection, programId, presale)));
  },
});
