import { leaderRecordJson, listLeaderRecords } from '../leader-records';
import { openSaleTarget, readSale, SALE_TARGET_OPTIONS } from '../options/sale-target';
import { formatJson } from '../output';
import { defineCommand } from './command';

/** `leaders list`: read-only, every leader record of the presale as the chain holds it. */
export const leadersListCommand = defineCommand({
  name: 'leaders list',
  summary: "list a presale's on-chain leader codes with their volume, accrued and claimable SOL",
  notes: [
    'Reads the leader records from the chain (getProgramAccounts filtered on the presale), not the',
    "BFF's ledger. Amounts are in SOL, and in lamports under `lamports`.",
  ],
  options: { ...SALE_TARGET_OPTIONS },
  run: async (values, io) => {
    const target = openSaleTarget(values, io.env);
    const state = await readSale(target);
    const leaders = await listLeaderRecords(target.connection, target.programId, target.presale);
    io.stdout(
      formatJson({
        presale: target.presale.toBase58(),
        programId: target.programId.toBase58(),
        leaderCount: state.leaderCount.toString(),
        leaders: leaders.map(leaderRecordJson),
      }),
    );
  },
});
