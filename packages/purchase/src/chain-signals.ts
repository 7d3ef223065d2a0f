/**
 * Signals that the chain may have just confirmed a transaction: on the site, each update of
 * the presale account pushed by the BFF's stream (the BFF watches it with `accountSubscribe` at
 * 'confirmed', so a buy's own change arrives once the buy is confirmed). A signal is a hint to
 * read the signature's status now, never a confirmation: only the status says confirmed.
 */
export interface ChainSignals {
  /** Whether signals flow now (the stream is open and delivering); polling covers the rest. */
  live(): boolean;
  /** Calls `listener` on every signal; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

/** {@link ChainSignals} fed by hand: `signal()` on each change, `setLive` as the source opens/closes. */
export interface ChainSignalSource extends ChainSignals {
  signal(): void;
  setLive(live: boolean): void;
}

/** Creates a {@link ChainSignalSource}, not live until told so. */
export function createChainSignals(): ChainSignalSource {
  const listeners = new Set<() => void>();
  let isLive = false;
  return {
    live: () => isLive,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    signal() {
      for (const listener of [...listeners]) listener();
    },
    setLive(live) {
      isLive = live;
      // Going down ends any signalled wait at once, so the waiter falls back to polling.
      if (!live) for (const listener of [...listeners]) listener();
    },
  };
}

/**
 * Signals latched between waits: a signal that arrives while the waiter is busy (reading a
 * status) is kept, so the next wait returns at once instead of missing it.
 */
export interface SignalLatch {
  /** Forgets earlier signals (call right before a read that covers them). */
  clear(): void;
  /** Resolves after `ms`, or sooner on a signal (at once when one is latched). */
  wait(ms: number, sleep: (ms: number) => Promise<void>): Promise<void>;
  close(): void;
}

/** Latches `signals` (none: a plain sleep). */
export function latchSignals(signals: ChainSignals | undefined): SignalLatch {
  let pending = false;
  let wake: (() => void) | null = null;
  const stop = signals?.subscribe(() => {
    pending = true;
    wake?.();
  });
  return {
    clear: () => {
      pending = false;
    },
    async wait(ms, sleep) {
      if (pending) return;
      await Promise.race([sleep(ms), new Promise<void>((resolve) => (wake = resolve))]);
      wake = null;
    },
    close: () => stop?.(),
  };
}
