/**
 * The CPU slowdown that makes this host emulate the phone Lighthouse's mobile preset means.
 *
 * Lighthouse's simulated throttling multiplies the main-thread time it observes by a constant
 * (4x by default). That constant is chosen for a host in the "high-end desktop" bracket of
 * Lighthouse's own CPU benchmark (`benchmarkIndex` 1500-2000, its docs/throttling.md), where 4x
 * lands in the mid-tier mobile bracket. On a faster host the same 4x emulates a faster phone
 * (scores look better than a visitor's phone would give), on a slower one a slower phone. The
 * docs' remedy is to calibrate: scale the multiplier by the host's `benchmarkIndex`, which every
 * report carries, so the same page gets the same figures on any machine.
 */

/** Lighthouse's default CPU slowdown in its mobile preset. */
export const PRESET_CPU_SLOWDOWN = 4;

/** The benchmarkIndex the preset's 4x is meant for: the middle of "high-end desktop". */
export const REFERENCE_BENCHMARK_INDEX = 1_750;

/**
 * The multiplier that brings a host of `benchmarkIndex` to the phone the preset emulates on its
 * reference host, to one decimal; at least 1 (a host slower than that phone is not sped up).
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`Lighthouse reported no usable benchmarkIndex (${benchmarkIndex})`);
  }
  const multiplier = (PRESET_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}

/**
 * `CPU_SLOWDOWN` from the environment: unset or `calibrate` -> undefined (calibrate on this
 * host), `preset` -> Lighthouse's own 4x, a number >= 1 -> that multiplier.
 */
export function cpuSlowdownFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === 'calibrate') return undefined;
  if (value === 'preset') return PRESET_CPU_SLOWDOWN;
  const multiplier = Number(value);
  if (!Number.isFinite(multiplier) || multiplier < 1) {
    throw new Error(`CPU_SLOWDOWN must be 'calibrate', 'preset' or a number >= 1, got '${value}'`);
  }
  return multiplier;
}
