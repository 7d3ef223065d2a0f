import { z } from 'zod';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import {
  PRESALE_TARGET_NOTES,
  PRESALE_TARGET_OPTIONS,
  resolvePresale,
  resolveProgramId,
} from '../options/presale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { parseWith } from '../options/validators';
import { formatJson } from '../output';
import { setPresaleActive } from '../presale-admin';
import { defineCommand } from './command';

/** `set-active`: the seller's pause switch; buyers are refused while a presale is inactive. */
export const setActiveCommand = defineCommand({
  name: 'set-active',
  summary: 'pause (--active false) or resume (--active true) purchases',
  notes: PRESALE_TARGET_NOTES,
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...PRESALE_TARGET_OPTIONS,
    active: {
      type: 'string',
      value: 'true|false',
      required: true,
      description: 'false pauses purchases, true resumes them',
    },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection, deployment } = openChain(values, io.env);
    const active =
      parseWith(
        z.enum(['true', 'false'], { error: '--active must be true or false' }),
        values.active,
      ) === 'true';
    const programId = resolveProgramId(values, deployment);
    const presale = resolvePresale(values, deployment);
    const signature = await setPresaleActive({
      connection,
      programId,
      seller: readKeypairOption(values),
      presale,
      active,
    });
    io.stdout(formatJson({ presale: presale.toBase58(), active, signature }));
  },
});
