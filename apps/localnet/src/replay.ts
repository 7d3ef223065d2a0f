import type { Ledger } from './ledger';
import { decodeWireTransaction } from './wire-transaction';
import type { DecodedTransaction } from './wire-transaction';

/** The parts of the chain a replay drives: the clock, to re-enter each recorded slot, and execution. */
export interface ReplayTarget {
  slot(): number;
  enter(slot: number, unixSeconds: number): void;
  /** Runs and records one transaction; false when it did not land this time. */
  execute(tx: DecodedTransaction): boolean;
}

/**
 * Re-runs every transaction of earlier runs in its recorded slot and block time, rebuilding the
 * bank and the indexes. Returns the first slot the live chain may use: past both the last
 * replayed slot and the slot noted on disk, so block height never goes back across a restart.
 * A transaction that no longer lands is counted, not fatal; an unreadable entry is fatal, since
 * skipping it would rebuild a different chain.
 */
export function replayLedger(
  ledger: Pick<Ledger, 'entries' | 'logFile' | 'slotMark'>,
  target: ReplayTarget,
  log: (line: string) => void,
): number {
  const startedAt = Date.now();
  const { entries } = ledger;
  let mismatches = 0;
  for (const [index, entry] of entries.entries()) {
    if (entry.slot !== target.slot()) target.enter(entry.slot, entry.ts);
    let tx: DecodedTransaction;
    try {
      tx = decodeWireTransaction(Buffer.from(entry.tx, 'base64'));
    } catch (error) {
      throw new Error(
        `ledger ${ledger.logFile}: entry ${index + 1} is not a transaction (${(error as Error).message})`,
        { cause: error },
      );
    }
    if (!target.execute(tx)) mismatches += 1;
  }
  let firstSlot = Math.max(ledger.slotMark + 1, 1);
  if (entries.length > 0) {
    firstSlot = Math.max(firstSlot, (entries[entries.length - 1]?.slot ?? 0) + 1);
    log(
      `replayed ${entries.length} transactions in ${Date.now() - startedAt} ms${mismatches > 0 ? ` (${mismatches} did not land again)` : ''}`,
    );
  }
  return firstSlot;
}
