import { isValidLeaderCode } from '@fbt/domain';
import { buildSetLeaderActiveInstruction, findLeaderRecordAddress } from '@fbt/presale-client';
import { leaderRecordJson, readLeaderRecord } from '../leader-records';
import { OperatorError, usageError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `leaders suspend`: the seller stops (or with --resume restarts) buys through an on-chain code. */
export const leadersSuspendCommand = defineCommand({
  name: 'leaders suspend',
  summary: 'suspend an on-chain leader code (--resume restarts it); earnings stay claimable',
  notes: [
    'SetLeaderActive on the leader record: a suspended code refuses new leader buys, and what it',
    'earned stays claimable by its wallet. A code already in the asked state is left alone.',
  ],
  options: {
    ...keypairOption("keypair of the presale's seller"),
    ...SALE_TARGET_OPTIONS,
    code: { type: 'string', value: '<code>', required: true, description: 'the leader code' },
    resume: { type: 'boolean', description: 'resume the code instead of suspending it' },
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    if (values.code === undefined) throw usageError('--code is required');
    if (!isValidLeaderCode(values.code)) {
      throw usageError(
        `--code must be 3-32 letters, digits, "_" or "-", not ${JSON.stringify(values.code)}`,
      );
    }
    const code = values.code;
    const active = values.resume === true;
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    await readSaleAsSeller(target, seller);
    const { connection, programId, presale } = target;
    const record = await readLeaderRecord(connection, programId, presale, code);
    if (record === null) {
      throw new OperatorError(
        `leader code ${JSON.stringify(code)} is not registered on presale ${presale.toBase58()} (see \`leaders list\`)`,
      );
    }
    const leaderRecord = findLeaderRecordAddress(programId, presale, code)[0].toBase58();
    if (record.active === active) {
      io.stdout(
        formatJson({ presale: presale.toBase58(), code, leaderRecord, active, changed: false }),
      );
      return;
    }
    const instruction = buildSetLeaderActiveInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      code,
      active,
    });
    const outcome = await runPlan(
      connection,
      { step: `leaders suspend ${code}`, transactions: [[instruction]], signer: seller },
      values['dry-run'] === true,
      io,
    );
    const after = outcome.dryRun
      ? null
      : await readLeaderRecord(connection, programId, presale, code);
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        code,
        leaderRecord,
        active,
        changed: !outcome.dryRun,
        ...(after === null ? {} : { leader: leaderRecordJson(after) }),
        ...outcome,
      }),
    );
  },
});
