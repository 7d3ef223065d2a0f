import fs from 'node:fs';
import path from 'node:path';

/** One accepted transaction, as appended to the on-disk log. */
export interface LogEntry {
  /** Slot the transaction landed in. */
  slot: number;
  /** Unix seconds of the block (Clock sysvar value while it ran). */
  ts: number;
  /** Wire transaction, base64. */
  tx: string;
}

/** Append-only, fsync'd JSON-lines log of accepted transactions. */
export interface TransactionLog {
  readonly file: string;
  /** Entries written before this process started, for replay. */
  readExisting(): LogEntry[];
  append(entry: LogEntry): void;
  close(): void;
}

function parseLine(line: string): LogEntry | null {
  try {
    const value = JSON.parse(line) as Partial<LogEntry>;
    if (
      typeof value.slot === 'number' &&
      typeof value.ts === 'number' &&
      typeof value.tx === 'string'
    ) {
      return { slot: value.slot, ts: value.ts, tx: value.tx };
    }
  } catch {
    // fall through: a torn last line after a crash
  }
  return null;
}

/**
 * Opens (creating if needed) the log at `file`. A torn trailing line left by a crash mid-write is
 * cut off so the next append starts on a clean line; a bad line elsewhere is a hard error, since
 * silently skipping it would replay a different chain.
 */
export function createTransactionLog(file: string): TransactionLog {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let existing: LogEntry[] = [];
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    let goodLength = 0;
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const isLast = i === lines.length - 1;
      if (line.trim() === '') {
        offset += line.length + 1;
        continue;
      }
      const entry = parseLine(line);
      if (entry === null) {
        const tornTail = isLast || lines.slice(i + 1).every((rest) => rest.trim() === '');
        if (!tornTail)
          throw new Error(`transaction log ${file}: unreadable entry on line ${i + 1}`);
        break;
      }
      existing.push(entry);
      offset += line.length + 1;
      goodLength = Math.min(offset, Buffer.byteLength(text));
    }
    if (goodLength < Buffer.byteLength(text)) {
      const keep = Buffer.from(text).subarray(0, goodLength);
      const needsNewline = keep.length > 0 && keep[keep.length - 1] !== 0x0a;
      fs.writeFileSync(file, needsNewline ? Buffer.concat([keep, Buffer.from('\n')]) : keep);
    }
  }
  const fd = fs.openSync(file, 'a');
  let open = true;
  return {
    file,
    readExisting: () => {
      const out = existing;
      existing = [];
      return out;
    },
    append: (entry) => {
      if (!open) throw new Error('transaction log is closed');
      fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
      fs.fsyncSync(fd);
    },
    close: () => {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
    },
  };
}
