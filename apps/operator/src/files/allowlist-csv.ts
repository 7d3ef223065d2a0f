import path from 'node:path';
import { PublicKey } from '@solana/web3.js';
import { usageError } from '../operator-error';
import { readCsvRows } from './csv-rows';
import { isAddress } from './is-address';

/** The wallets of an allowlist file and the ones it listed more than once. */
export interface AllowlistWallets {
  /** Distinct wallets, in file order. */
  readonly wallets: readonly PublicKey[];
  /** Wallets listed more than once, with every line they are on (reported, not refused). */
  readonly duplicates: readonly { readonly wallet: string; readonly lines: readonly number[] }[];
}

/**
 * Reads an allowlist: one wallet per line, or a CSV whose header has a `wallet` column (other
 * columns ignored). Every invalid address is named with its line number and nothing is used
 * then; duplicates are kept once and reported.
 */
export function readAllowlistWallets(file: string): AllowlistWallets {
  const flag = `--file ${path.resolve(file)}`;
  const rows = readCsvRows(file, '--file');
  const first = rows[0];
  const headerAt =
    first === undefined || first.fields.some(isAddress)
      ? -1
      : first.fields.findIndex((field) => field.toLowerCase() === 'wallet');
  if (first !== undefined && headerAt < 0 && first.fields.length > 1) {
    throw usageError(
      `${flag}: line ${first.line} must be a header with a wallet column (or give one wallet per line)`,
    );
  }
  const body = headerAt >= 0 ? rows.slice(1) : rows;
  const column = Math.max(headerAt, 0);
  const problems: string[] = [];
  const lines = new Map<string, number[]>();
  for (const { line, fields } of body) {
    if (headerAt < 0 && fields.length > 1) {
      problems.push(`line ${line}: expected one wallet, got ${fields.length} columns`);
      continue;
    }
    const wallet = fields[column] ?? '';
    if (!isAddress(wallet)) {
      problems.push(`line ${line}: ${JSON.stringify(wallet)} is not a base58 Solana address`);
      continue;
    }
    const seen = lines.get(wallet);
    if (seen === undefined) lines.set(wallet, [line]);
    else seen.push(line);
  }
  if (problems.length > 0) {
    throw usageError(
      `${flag}: ${problems.length} invalid row${problems.length === 1 ? '' : 's'}, nothing sent:\n  ${problems.join('\n  ')}`,
    );
  }
  if (lines.size === 0)
    throw usageError(`${flag}: no wallets (use \`allowlist clear\` to open the sale)`);
  return {
    wallets: [...lines.keys()].map((wallet) => new PublicKey(wallet)),
    duplicates: [...lines]
      .filter(([, at]) => at.length > 1)
      .map(([wallet, at]) => ({ wallet, lines: at })),
  };
}
