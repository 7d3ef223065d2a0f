/** Runs tasks periodically; injected so tests drive time by hand instead of sleeping. */
export interface Scheduler {
  /** Runs `task` every `ms`; returns a cancel function. */
  every(ms: number, task: () => void): () => void;
}

/** The real scheduler (unref'd timers: they never keep the process alive on their own). */
export const intervalScheduler: Scheduler = {
  every(ms, task) {
    const timer = setInterval(task, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A scheduler whose tasks run only when a test calls `tick(ms)`. */
export interface ManualScheduler extends Scheduler {
  /** Runs every task whose interval is `ms` (or every task when omitted). */
  tick(ms?: number): void;
  readonly size: number;
}

/** Creates a {@link ManualScheduler}. */
export function createManualScheduler(): ManualScheduler {
  const tasks = new Set<{ ms: number; task: () => void }>();
  return {
    every(ms, task) {
      const entry = { ms, task };
      tasks.add(entry);
      return () => tasks.delete(entry);
    },
    tick(ms) {
      for (const entry of [...tasks]) if (ms === undefined || entry.ms === ms) entry.task();
    },
    get size() {
      return tasks.size;
    },
  };
}
