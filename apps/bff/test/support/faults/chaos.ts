/**
 * Faults injected while reports flow, one at a time, each when the run has progressed far
 * enough (a fraction of the reports finished): progress, not the clock, so a loaded machine
 * changes when they happen, not whether they happen under load. Each fault's start and end
 * are kept, so a test can say which answers fell around it.
 */

/** One fault: `action` runs once `progress()` reaches `at` (0..1). */
export interface Fault {
  readonly name: string;
  readonly at: number;
  readonly action: () => Promise<void>;
}

/** When a fault ran. */
export interface FaultWindow {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs the faults in order, each once `progress()` reaches its `at` (polled every 50 ms), and
 * resolves with their windows. Progress only grows to 1, so every fault with `at` <= 1 runs.
 */
export async function runFaults(
  faults: readonly Fault[],
  progress: () => number,
): Promise<FaultWindow[]> {
  const windows: FaultWindow[] = [];
  for (const fault of faults) {
    while (progress() < fault.at) await sleep(50);
    const start = Date.now();
    await fault.action();
    windows.push({ name: fault.name, start, end: Date.now() });
  }
  return windows;
}
