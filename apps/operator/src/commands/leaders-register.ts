import { isValidLeaderCode } from '@fbt/domain';
import { findLeaderRecordAddress } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { readLeadersFile } from '../files/leaders-csv';
import type { LeaderRow } from '../files/leaders-csv';
import { registeredWallets, registerLeaderTransactions } from '../leader-codes';
import { OperatorError, usageError } from '../operator-error';
import { openSaleTarget, readSaleAsSeller, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { keypairOption, readKeypairOption } from '../options/signer';
import { address, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { DRY_RUN_OPTION, runPlan } from '../sale-plan';
import { defineCommand } from './command';

/** `leaders register`: creates on-chain leader records (the program pays commissions from them). */
export const leadersRegisterCommand = defineCommand({
  name: 'leaders register',
  summary: 'register leader codes on chain (leader records; --file for a code,wallet CSV)',
  notes: [
    'The seller creates one leader record per code on the presale (RegisterLeader, paying its rent);',
    'buys through the code then pay the leader 10% on chain, and the BFF indexes them from the',
    'record (its ledger needs no registration).',
    '--file takes a CSV with the header code,wallet: every bad row is named with its line, a code',
    'listed twice is refused, all before sending; codes already registered to the same wallet are',
    'skipped, so a rerun is harmless; a code registered to another wallet stops everything.',
  ],
  options: {
    ...keypairOption("keypair of the presale's seller (pays each record's rent)"),
    ...SALE_TARGET_OPTIONS,
    code: {
      type: 'string',
      value: '<code>',
      description: 'the leader code (3-32 letters, digits, "_" or "-")',
    },
    wallet: {
      type: 'string',
      value: '<pubkey>',
      description: "the leader's wallet (earns and claims)",
    },
    file: {
      type: 'string',
      value: '<leaders.csv>',
      description: 'many leaders: a CSV with the header code,wallet',
    },
    ...DRY_RUN_OPTION,
  },
  run: async (values, io) => {
    const leaders = readLeaderInput(values);
    const target = openSaleTarget(values, io.env);
    const seller = readKeypairOption(values);
    await readSaleAsSeller(target, seller);
    const { programId, presale } = target;
    const existing = await registeredWallets(
      target,
      leaders.map((leader) => leader.code),
    );
    const conflicts = leaders.flatMap((leader, i) => {
      const wallet = existing[i];
      return wallet !== null && wallet !== undefined && wallet !== leader.wallet.toBase58()
        ? [
            `${where(leader)}code ${JSON.stringify(leader.code)} is registered to ${wallet}, not ${leader.wallet.toBase58()}`,
          ]
        : [];
    });
    if (conflicts.length > 0) {
      throw new OperatorError(
        `nothing sent; already registered to another wallet:\n  ${conflicts.join('\n  ')}`,
      );
    }
    const fresh = leaders.filter((_, i) => existing[i] === null);
    const skipped = leaders.filter((_, i) => existing[i] !== null);
    for (const leader of skipped) {
      io.stderr(
        `${where(leader)}${leader.code} is already registered to ${leader.wallet.toBase58()}, skipped`,
      );
    }
    const transactions = registerLeaderTransactions(target, seller.publicKey, fresh);
    const outcome = await runPlan(
      target.connection,
      { step: 'leaders register', transactions, signer: seller },
      values['dry-run'] === true,
      io,
    );
    const describe = (leader: LeaderRow) => ({
      ...(leader.line > 0 ? { line: leader.line } : {}),
      code: leader.code,
      wallet: leader.wallet.toBase58(),
      leaderRecord: findLeaderRecordAddress(programId, presale, leader.code)[0].toBase58(),
    });
    io.stdout(
      formatJson({
        presale: presale.toBase58(),
        programId: programId.toBase58(),
        [outcome.dryRun ? 'wouldRegister' : 'registered']: fresh.map(describe),
        skipped: skipped.map(describe),
        ...outcome,
      }),
    );
  },
});

const where = (leader: LeaderRow) => (leader.line > 0 ? `line ${leader.line}: ` : '');

function readLeaderInput(values: {
  readonly code?: string;
  readonly wallet?: string;
  readonly file?: string;
}): LeaderRow[] {
  if (values.file !== undefined) {
    if (values.code !== undefined || values.wallet !== undefined) {
      throw usageError(
        '--file and --code/--wallet: give a file of leaders or one leader, not both',
      );
    }
    return readLeadersFile(values.file);
  }
  if (values.code === undefined) throw usageError('--code is required (or --file <leaders.csv>)');
  if (!isValidLeaderCode(values.code)) {
    throw usageError(
      `--code must be 3-32 letters, digits, "_" or "-", not ${JSON.stringify(values.code)}`,
    );
  }
  const wallet = parseWith(address('--wallet'), values.wallet);
  return [{ line: 0, code: values.code, wallet: new PublicKey(wallet) }];
}
