import path from 'node:path';
import { isValidLeaderCode } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { usageError } from '../operator-error';
import { readCsvRows } from './csv-rows';
import { isAddress } from './is-address';

/** One leader of a `code,wallet` file, with the line it came from. */
export interface LeaderRow {
  readonly line: number;
  readonly code: string;
  readonly wallet: PublicKey;
}

/**
 * Reads a leaders file: a `code,wallet` header (either order), then one leader per line. Every
 * bad row is named with its line number, and a code listed twice is refused (naming both
 * lines), all before anything is sent. Codes are 3-32 letters, digits, `_` or `-` (the
 * program's rule, `isValidLeaderCode`) and case-sensitive, as on chain.
 */
export function readLeadersFile(file: string): LeaderRow[] {
  const flag = `--file ${path.resolve(file)}`;
  const [header, ...rows] = readCsvRows(file, '--file');
  if (header === undefined) throw usageError(`${flag}: no header and no leaders`);
  const names = header.fields.map((field) => field.toLowerCase());
  const codeAt = names.indexOf('code');
  const walletAt = names.indexOf('wallet');
  if (names.length !== 2 || codeAt < 0 || walletAt < 0) {
    throw usageError(
      `${flag}: line ${header.line} must be the header code,wallet, not ${JSON.stringify(header.fields.join(','))}`,
    );
  }
  const problems: string[] = [];
  const leaders: LeaderRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    if (fields.length !== 2) {
      problems.push(`line ${line}: expected 2 columns (code,wallet), got ${fields.length}`);
      continue;
    }
    const code = fields[codeAt] ?? '';
    const wallet = fields[walletAt] ?? '';
    const rowProblems: string[] = [];
    if (!isValidLeaderCode(code)) {
      rowProblems.push(`code ${JSON.stringify(code)} must be 3-32 letters, digits, "_" or "-"`);
    }
    if (!isAddress(wallet)) {
      rowProblems.push(`wallet ${JSON.stringify(wallet)} is not a base58 Solana address`);
    }
    const first = seen.get(code);
    if (first !== undefined)
      rowProblems.push(`code ${JSON.stringify(code)} is already on line ${first}`);
    else seen.set(code, line);
    if (rowProblems.length > 0) {
      problems.push(`line ${line}: ${rowProblems.join('; ')}`);
      continue;
    }
    leaders.push({ line, code, wallet: new PublicKey(wallet) });
  }
  if (problems.length > 0) {
    throw usageError(
      `${flag}: ${problems.length} bad row${problems.length === 1 ? '' : 's'}, nothing sent:\n  ${problems.join('\n  ')}`,
    );
  }
  if (leaders.length === 0) throw usageError(`${flag}: no leaders after the header`);
  return leaders;
}
