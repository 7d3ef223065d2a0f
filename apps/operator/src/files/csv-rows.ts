import fs from 'node:fs';
import path from 'node:path';
import { usageError } from '../operator-error';

/** One non-blank line of a CSV file: its 1-based line number and its trimmed fields. */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

/**
 * Reads a small CSV file the way spreadsheets export it: comma-separated, CRLF or LF, a BOM
 * ignored, fields trimmed and unquoted ("a" -> a); blank lines and `#` comments skipped.
 * Commas inside quotes are not supported (no leader code or address contains one).
 */
export function readCsvRows(file: string, flag: string): CsvRow[] {
  const resolved = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(resolved, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(
      `${flag} ${resolved}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const rows: CsvRow[] = [];
  for (const [index, raw] of text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    rows.push({ line: index + 1, fields: trimmed.split(',').map(unquote) });
  }
  return rows;
}

function unquote(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}
