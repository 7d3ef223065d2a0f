import { EventEmitter } from 'node:events';
import {
  createBank,
  createSlotHashesKeeper,
  readAccount,
  readProgramAccounts,
  setBankClock,
} from './bank';
import type { Chain, ChainEvents, ChainOptions } from './chain-types';
import { createExecutor } from './execution';
import { createFaucet } from './faucet';
import { openLedger } from './ledger';
import { recentPrioritizationFees } from './prioritization-fees';
import { replayLedger } from './replay';
import {
  blockhashAt,
  blockhashValidityBlocks,
  createSlotClock,
  unixSecondsNow,
} from './slot-clock';
import { createTransactionIndex, isInStatusCache } from './transaction-index';
import { createTransactionIntake } from './transaction-intake';
import { decodeWireTransaction } from './wire-transaction';

export { BLOCKHASH_VALIDITY_BLOCKS, blockhashValidityBlocks } from './slot-clock';
export type { Chain, ChainOptions, TransactionRecord } from './chain-types';

/**
 * Creates the bank. With a data directory, every landed transaction is appended to
 * `ledger.jsonl` (fsync'd) and replayed on the next start, so a restart or kill -9 loses nothing
 * that was confirmed.
 */
export function createChain(options: ChainOptions): Chain {
  const slotMs = options.slotMs ?? 400;
  const log = options.log ?? (() => undefined);
  const ledger = openLedger(options.dataDir, options.reset === true);
  const events = new EventEmitter<ChainEvents>();
  const svm = createBank();
  const faucet = createFaucet(svm, ledger.genesisHash);
  const clock = createSlotClock({
    genesisHash: ledger.genesisHash,
    slotMs,
    validity: options.blockhashValiditySlots ?? blockhashValidityBlocks(slotMs),
    onEnter: (slot, unixSeconds) => setBankClock(svm, slot, unixSeconds),
  });
  const index = createTransactionIndex();
  const syncSlotHashes = createSlotHashesKeeper(svm, (slot) =>
    blockhashAt(ledger.genesisHash, slot),
  );
  const executor = createExecutor(svm, clock, index, () => syncSlotHashes(clock.slot()));

  const firstSlot = replayLedger(
    ledger,
    { slot: clock.slot, enter: clock.enter, execute: (tx) => executor.execute(tx).record !== null },
    log,
  );
  // Never before the last replayed block (a chain whose clock was advanced keeps its time).
  clock.enter(firstSlot, Math.max(clock.blockTime(), unixSecondsNow()));

  const intake = createTransactionIntake({ clock, index, executor, ledger, events, log });

  return {
    genesisHash: ledger.genesisHash,
    faucet: faucet.address,
    events,
    finalizationSlots: options.finalizationSlots ?? 32,
    slot: clock.slot,
    latestBlockhash: clock.latestBlockhash,
    isBlockhashValid: clock.isBlockhashValid,
    transactionCount: index.count,
    minimumBalanceForRentExemption: (len) => svm.minimumBalanceForRentExemption(BigInt(len)),
    getAccount: (addr) => readAccount(svm, addr),
    getProgramAccounts: (owner) => readProgramAccounts(svm, owner),
    simulate: intake.simulate,
    send: intake.send,
    airdrop: (to, amount) => {
      const wire = faucet.transfer(to, amount, clock.latestBlockhash().blockhash);
      return intake.land(decodeWireTransaction(wire), false);
    },
    getRecord: index.get,
    isRecent: (record) => isInStatusCache(record, clock.slot()),
    signaturesForAddress: index.forAddress,
    prioritizationFees: (addresses) =>
      recentPrioritizationFees(index.all(), addresses, clock.slot()),
    blockTime: clock.blockTime,
    advanceClock: clock.advance,
    start: () =>
      clock.start((slot) => {
        ledger.noteSlot(slot);
        events.emit('slot', slot);
      }),
    close: () => {
      intake.close();
      clock.stop();
      ledger.close(clock.slot());
    },
  };
}
