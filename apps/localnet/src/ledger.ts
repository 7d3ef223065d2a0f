import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bs58 from 'bs58';
import { createTransactionLog } from './transaction-log';
import type { LogEntry } from './transaction-log';

/** How often (in slots) the current slot is noted on disk, so block height never goes back. */
const SLOT_MARK_EVERY = 25;

interface Genesis {
  genesisHash: string;
  createdAt: string;
}

/**
 * The data directory: `genesis.json` (the chain's identity), `ledger.jsonl` (every landed
 * transaction) and `slot.json` (the last slot noted). With no data directory the chain lives in
 * memory: a fresh genesis each start, and writes go nowhere.
 */
export interface Ledger {
  readonly genesisHash: string;
  /** Where the transaction log lives, for error messages; null in memory. */
  readonly logFile: string | null;
  /** Transactions written by earlier runs, oldest first, to replay once at start. */
  readonly entries: LogEntry[];
  /** Slot last noted on disk (0 if none), so a restart never goes back in block height. */
  readonly slotMark: number;
  /** Appends a landed transaction, fsync'd; throws when the disk refuses. */
  append(entry: LogEntry): void;
  /** Notes the slot on disk every few slots. */
  noteSlot(slot: number): void;
  /** Notes the final slot and closes the log. */
  close(slot: number): void;
}

function loadGenesis(dataDir: string | null): Genesis {
  const fresh: Genesis = {
    genesisHash: bs58.encode(randomBytes(32)),
    createdAt: new Date().toISOString(),
  };
  if (dataDir === null) return fresh;
  const file = path.join(dataDir, 'genesis.json');
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Genesis>;
    if (typeof parsed.genesisHash !== 'string') throw new Error(`${file}: missing genesisHash`);
    return { genesisHash: parsed.genesisHash, createdAt: String(parsed.createdAt ?? '') };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`);
  return fresh;
}

function readSlotMark(dataDir: string): number {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, 'slot.json'), 'utf8')) as {
      slot?: unknown;
    };
    return typeof value.slot === 'number' && Number.isSafeInteger(value.slot) ? value.slot : 0;
  } catch {
    return 0;
  }
}

function writeSlotMark(dataDir: string, slot: number): void {
  try {
    const file = path.join(dataDir, 'slot.json');
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ slot }));
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // best effort: the ledger alone still gives a consistent (if earlier) restart slot
  }
}

function resetDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  const entries = fs.readdirSync(dataDir);
  const looksLikeOurs =
    entries.length === 0 || entries.includes('genesis.json') || entries.includes('ledger.jsonl');
  if (!looksLikeOurs) {
    throw new Error(
      `refusing to --reset ${dataDir}: it does not look like a localnet data directory`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function memoryLedger(): Ledger {
  return {
    genesisHash: loadGenesis(null).genesisHash,
    logFile: null,
    entries: [],
    slotMark: 0,
    append: () => undefined,
    noteSlot: () => undefined,
    close: () => undefined,
  };
}

/**
 * Opens the data directory (wiping it first on `reset`, but only if it looks like one of ours),
 * creating the genesis on first use and reading back what earlier runs wrote.
 */
export function openLedger(dataDir: string | null, reset: boolean): Ledger {
  if (dataDir === null) return memoryLedger();
  if (reset) resetDataDir(dataDir);
  const genesis = loadGenesis(dataDir);
  const logFile = path.join(dataDir, 'ledger.jsonl');
  const log = createTransactionLog(logFile);
  return {
    genesisHash: genesis.genesisHash,
    logFile,
    entries: log.readExisting(),
    slotMark: readSlotMark(dataDir),
    append: (entry) => log.append(entry),
    noteSlot: (slot) => {
      if (slot % SLOT_MARK_EVERY === 0) writeSlotMark(dataDir, slot);
    },
    close: (slot) => {
      writeSlotMark(dataDir, slot);
      log.close();
    },
  };
}
