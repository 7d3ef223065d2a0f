import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import type { BlockhashInfo } from './chain-types';

/** Blocks a blockhash stays valid for, as on mainnet. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
/**
 * Wall-clock floor of a blockhash's life. web3.js caches a blockhash for 30 s and wallets hold
 * one while the user decides; on mainnet 150 blocks are ~60 s. With a faster test clock, 150
 * blocks would expire under those clients, so the validity stretches to this many seconds.
 */
const MIN_BLOCKHASH_VALIDITY_MS = 60_000;

/** Blocks a blockhash stays valid for at `slotMs` (150 at the default 400 ms). */
export function blockhashValidityBlocks(slotMs: number): number {
  return Math.max(BLOCKHASH_VALIDITY_BLOCKS, Math.ceil(MIN_BLOCKHASH_VALIDITY_MS / slotMs));
}

/** Current wall-clock time in whole Unix seconds, the unit of a block time. */
export function unixSecondsNow(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The blockhash of slot `slot`: derived from the genesis hash, so a replayed chain hands out
 * the same blockhashes and transactions in the ledger find theirs valid again.
 */
export function blockhashAt(genesisHash: string, slot: number): string {
  return bs58.encode(createHash('sha256').update(`${genesisHash}:${slot}`).digest());
}

/**
 * Slot, block time and the window of still-valid blockhashes; one slot is one block. Members
 * are plain closures, so the chain hands them out detached.
 */
export interface SlotClock {
  slot: () => number;
  /** Unix seconds of the current block. */
  blockTime: () => number;
  latestBlockhash: () => BlockhashInfo;
  isBlockhashValid: (blockhash: string) => boolean;
  /** Moves to `slot` (replay jumps, the timer steps by one) with the given block time. */
  enter: (slot: number, unixSeconds: number) => void;
  /**
   * Moves the chain's time `seconds` ahead of the wall clock from now on, at once (a new block
   * at the new time, and the Clock sysvar), so a test can reach a vesting date or a window's end
   * without waiting. Returns the new block time. In memory only: a restarted chain follows the
   * wall clock again, its block time never going back (see {@link SlotClock.start}).
   */
  advance: (seconds: number) => number;
  /**
   * Steps one slot every `slotMs` and reports each new slot; a second call does nothing. A
   * block's time is the wall clock (plus what {@link SlotClock.advance} added), never earlier
   * than the block before it.
   */
  start: (onSlot: (slot: number) => void) => void;
  stop: () => void;
}

export interface SlotClockOptions {
  genesisHash: string;
  slotMs: number;
  /** Blocks a blockhash stays valid. */
  validity: number;
  /** Keeps the runtime's Clock sysvar in step with every slot entered. */
  onEnter: (slot: number, unixSeconds: number) => void;
}

/**
 * Creates the clock at slot 0 with no valid blockhash yet: the caller replays the ledger (which
 * enters the slots it recorded) and then enters the first live slot.
 */
export function createSlotClock(options: SlotClockOptions): SlotClock {
  const { genesisHash, slotMs, validity, onEnter } = options;
  const blockhashSlots = new Map<string, number>();
  let slot = 0;
  let blockTime = unixSecondsNow();
  let timer: NodeJS.Timeout | null = null;
  let aheadSeconds = 0;
  let notify: ((slot: number) => void) | null = null;
  /** The next block's time: the wall clock plus the advance, never before the last block. */
  const nextBlockTime = (): number => Math.max(blockTime, unixSecondsNow() + aheadSeconds);

  function enter(next: number, unixSeconds: number): void {
    slot = next;
    blockTime = unixSeconds;
    onEnter(next, unixSeconds);
    blockhashSlots.set(blockhashAt(genesisHash, next), next);
    // A blockhash from slot s is valid while the block height is at most s + validity (the
    // lastValidBlockHeight getLatestBlockhash reports), as on mainnet.
    const oldest = next - validity;
    for (const [hash, s] of blockhashSlots) if (s < oldest) blockhashSlots.delete(hash);
  }

  return {
    slot: () => slot,
    blockTime: () => blockTime,
    latestBlockhash: () => ({
      blockhash: blockhashAt(genesisHash, slot),
      lastValidBlockHeight: slot + validity,
    }),
    isBlockhashValid: (hash) => blockhashSlots.has(hash),
    enter,
    advance: (seconds) => {
      if (!Number.isSafeInteger(seconds) || seconds <= 0) {
        throw new RangeError(`the clock moves ahead by a whole number of seconds, got ${seconds}`);
      }
      aheadSeconds += seconds;
      // A new block at the new time: a block's time is fixed once it has transactions (the
      // ledger replays each transaction in its block, at that block's time).
      enter(slot + 1, nextBlockTime());
      notify?.(slot);
      return blockTime;
    },
    start: (onSlot) => {
      if (timer !== null) return;
      notify = onSlot;
      timer = setInterval(() => {
        enter(slot + 1, nextBlockTime());
        onSlot(slot);
      }, slotMs);
      timer.unref();
    },
    stop: () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}
