import path from 'node:path';
import { createSqliteLeaderLedger } from '@fbt/adapters';
import type { LeaderLedger } from '@fbt/domain';
import type { OptionSpecs } from './option-spec';

/** The BFF's SQLite ledger as `npm start` runs it: <repo>/data/ledger.sqlite. */
const DEFAULT_LEDGER_DB = path.resolve(import.meta.dirname, '../../../../data/ledger.sqlite');

/** `--db`: the commands that write leader codes and goal counts go straight to the BFF's ledger. */
export const LEDGER_DB_OPTION = {
  db: {
    type: 'string',
    value: '<sqlite file>',
    description: "the BFF's ledger (default $DATABASE_PATH, else <repo>/data/ledger.sqlite)",
  },
} as const satisfies OptionSpecs;

/** --db, else $DATABASE_PATH (what the BFF reads), else the ledger `npm start` gives the BFF. */
export function resolveLedgerPath(
  values: { readonly db?: string },
  env: Readonly<Record<string, string | undefined>>,
): string {
  return path.resolve(values.db ?? env.DATABASE_PATH ?? DEFAULT_LEDGER_DB);
}

/** Opens the ledger for one piece of work and closes it even when the work fails. */
export async function withLedger<T>(
  dbPath: string,
  work: (ledger: LeaderLedger) => Promise<T>,
): Promise<T> {
  const ledger = createSqliteLeaderLedger({ path: dbPath });
  try {
    return await work(ledger);
  } finally {
    await ledger.close();
  }
}
