import { buildSetWindowInstruction } from '@fbt/presale-client';
import { usageError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { parseSaleTime } from '../options/sale-time';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { readChainTime, windowJson } from '../sale-window';
import { defineCommand } from './command';

/** `window set`: when buys are accepted, enforced by the program against the cluster's clock. */
export const windowSetCommand = defineCommand({
  name: 'window set',
  summary: 'set the sale window: buys from --start until before --end (0 = no bound)',
  notes: [
    'Times: 0 (no bound), unix seconds, an ISO date (midnight UTC) or an ISO date-time with its',
    'zone (2026-01-01T12:00:00Z). --end must be after --start when both are set. The program checks',
    "the cluster's clock: start <= now < end (SaleNotStarted / SaleEnded).",
  ],
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...SALE_TARGET_OPTIONS,
    start: {
      type: 'string',
      value: '<time>',
      required: true,
      description: 'first second buys are accepted, or 0',
    },
    end: {
      type: 'string',
      value: '<time>',
      required: true,
      description: 'first second buys are refused again, or 0',
    },
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const start = parseSaleTime('--start', values.start);
    const end = parseSaleTime('--end', values.end);
    if (start !== 0n && end !== 0n && end <= start) {
      throw usageError(`--end (${values.end ?? ''}) must be after --start (${values.start ?? ''})`);
    }
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    const state = await readSaleAsSeller(target, seller);
    const { connection, programId, presale } = target;
    const now = await readChainTime(connection);
    if (end !== 0n && end <= now)
      io.stderr(`note: --end is not after the cluster's time; the sale will be closed`);
    const unchanged = state.saleStart === start && state.saleEnd === end;
    const instruction = buildSetWindowInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      start,
      end,
    });
    const outcome = await runPlan(
      connection,
      { step: 'window set', transactions: unchanged ? [] : [[instruction]], signer: seller },
      values['dry-run'] === true,
      io,
    );
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        previous: windowJson(state, now),
        window: windowJson({ saleStart: start, saleEnd: end }, now),
        changed: !unchanged && !outcome.dryRun,
        ...outcome,
      }),
    );
  },
});
