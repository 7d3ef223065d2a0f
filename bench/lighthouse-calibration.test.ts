import { describe, expect, it } from 'vitest';
import {
  PRESET_CPU_SLOWDOWN,
  REFERENCE_BENCHMARK_INDEX,
  calibratedCpuSlowdown,
  cpuSlowdownFromEnv,
} from './lighthouse-calibration';

describe('calibratedCpuSlowdown', () => {
  it("keeps the preset's 4x on the host it is meant for", () => {
    expect(calibratedCpuSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(PRESET_CPU_SLOWDOWN);
  });

  it('slows a faster host down more and a slower one less, to one decimal', () => {
    expect(calibratedCpuSlowdown(3181)).toBe(7.3);
    expect(calibratedCpuSlowdown(1000)).toBe(2.3);
  });

  it('never speeds up a host slower than the emulated phone', () => {
    expect(calibratedCpuSlowdown(100)).toBe(1);
  });

  it('refuses a missing or meaningless index', () => {
    expect(() => calibratedCpuSlowdown(0)).toThrow(/no usable benchmarkIndex \(0\)/);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(/no usable benchmarkIndex/);
  });
});

describe('cpuSlowdownFromEnv', () => {
  it('calibrates unless told otherwise', () => {
    expect(cpuSlowdownFromEnv(undefined)).toBeUndefined();
    expect(cpuSlowdownFromEnv('')).toBeUndefined();
    expect(cpuSlowdownFromEnv('calibrate')).toBeUndefined();
  });

  it("takes the preset's multiplier or a number", () => {
    expect(cpuSlowdownFromEnv('preset')).toBe(4);
    expect(cpuSlowdownFromEnv('6.5')).toBe(6.5);
  });

  it('refuses anything else, saying what it takes', () => {
    for (const value of ['fast', '0.5', '-2', 'Infinity']) {
      expect(() => cpuSlowdownFromEnv(value)).toThrow(
        `CPU_SLOWDOWN must be 'calibrate', 'preset' or a number >= 1, got '${value}'`,
      );
    }
  });
});
