import path from 'node:path';
import {
  createPostgresLeaderLedger,
  createSqliteLeaderLedger,
  isAdapterError,
  postgresUrlProblem,
} from '@fbt/adapters';
import type { LeaderLedger } from '@fbt/domain';
import { OperatorError, usageError } from '../operator-error';
import type { OptionSpecs } from './option-spec';

/** The BFF's SQLite ledger as `npm start` runs it: <repo>/data/ledger.sqlite. */
const DEFAULT_LEDGER_DB = path.resolve(import.meta.dirname, '../../../../data/ledger.sqlite');

/**
 * `--db` / `--database-url`: the commands that write leader codes and goal counts go straight to
 * the BFF's ledger, whichever engine the BFF is configured with.
 */
export const LEDGER_DB_OPTION = {
  db: {
    type: 'string',
    value: '<sqlite file>',
    description: "the BFF's SQLite ledger (default $DATABASE_PATH, else <repo>/data/ledger.sqlite)",
  },
  'database-url': {
    type: 'string',
    value: '<postgres url>',
    description: "the BFF's PostgreSQL ledger instead (default $DATABASE_URL)",
  },
} as const satisfies OptionSpecs;

/** Which ledger database a command writes to. */
export type LedgerTarget =
  | { readonly engine: 'sqlite'; readonly path: string }
  | { readonly engine: 'postgresql'; readonly url: string };

/**
 * The same choice as the BFF's: --database-url, else --db, else $DATABASE_URL, else
 * $DATABASE_PATH, else the ledger `npm start` gives the BFF. Naming both engines is refused.
 */
export function resolveLedger(
  values: { readonly db?: string; readonly 'database-url'?: string },
  env: Readonly<Record<string, string | undefined>>,
): LedgerTarget {
  const flagUrl = values['database-url'];
  if (flagUrl !== undefined && values.db !== undefined) {
    throw usageError('--database-url and --db: give one (PostgreSQL or SQLite ledger), not both');
  }
  const envUrl = env.DATABASE_URL?.trim() === '' ? undefined : env.DATABASE_URL?.trim();
  const url = flagUrl ?? (values.db === undefined ? envUrl : undefined);
  if (url !== undefined) {
    const name = flagUrl === undefined ? '$DATABASE_URL' : '--database-url';
    const problem = postgresUrlProblem(url);
    if (problem !== null) throw usageError(`${name} ${problem}`);
    if (flagUrl === undefined && (env.DATABASE_PATH ?? '').trim() !== '') {
      throw usageError('$DATABASE_URL and $DATABASE_PATH: set one, not both (as for the BFF)');
    }
    return { engine: 'postgresql', url };
  }
  return {
    engine: 'sqlite',
    path: path.resolve(values.db ?? env.DATABASE_PATH ?? DEFAULT_LEDGER_DB),
  };
}

/** What a command prints as its `db`: the file, or the URL without its password. */
export function describeLedger(target: LedgerTarget): string {
  if (target.engine === 'sqlite') return target.path;
  const url = new URL(target.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}

/** Opens the ledger for one piece of work and closes it even when the work fails. */
export async function withLedger<T>(
  target: LedgerTarget,
  work: (ledger: LeaderLedger) => Promise<T>,
): Promise<T> {
  let ledger: LeaderLedger;
  try {
    ledger =
      target.engine === 'sqlite'
        ? createSqliteLeaderLedger({ path: target.path })
        : await createPostgresLeaderLedger({ connectionString: target.url });
  } catch (error) {
    if (isAdapterError(error, 'LEDGER__UNAVAILABLE')) {
      throw new OperatorError(
        `the ledger database ${describeLedger(target)} could not be reached (${String(error.context.reason)}); check --database-url and that PostgreSQL is up`,
      );
    }
    if (isAdapterError(error, 'LEDGER__SCHEMA_TOO_NEW')) {
      throw new OperatorError(
        `the ledger database ${describeLedger(target)} is at schema version ${String(error.context.database)}, newer than this code knows (${String(error.context.supported)}); use the newer operator`,
      );
    }
    throw error;
  }
  try {
    return await work(ledger);
  } finally {
    await ledger.close();
  }
}
