/** A random source returning numbers in [0, 1), like `Math.random`. Injected for tests. */
export type RandomSource = () => number;

/** One step of an image animation: which frame to show and for how long. */
export interface FrameStep {
  /** 0 = first picture, 1 = second picture. */
  readonly frame: 0 | 1;
  readonly durationMs: number;
}

/** Bounds of the random pauses (inclusive), in milliseconds. */
export const RANDOM_PAUSE_MIN_MS = 5000;
export const RANDOM_PAUSE_MAX_MS = 15000;

/**
 * A random duration in [5000, 15000] ms. Out-of-range random values are clamped so a faulty
 * source can never produce a zero or runaway timer.
 */
export function randomPauseMs(random: RandomSource): number {
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(Math.max(drawn, 0), 0.999_999_999) : 0;
  return RANDOM_PAUSE_MIN_MS + Math.floor(r * (RANDOM_PAUSE_MAX_MS - RANDOM_PAUSE_MIN_MS + 1));
}

/**
 * The home hero's two-picture timer: first 3 s, second 1 s, then alternating first 1 s and
 * second a random 5-15 s, forever.
 */
export function* heroSchedule(random: RandomSource): Generator<FrameStep, never> {
  yield { frame: 0, durationMs: 3000 };
  yield { frame: 1, durationMs: 1000 };
  for (;;) {
    yield { frame: 0, durationMs: 1000 };
    yield { frame: 1, durationMs: randomPauseMs(random) };
  }
}

/**
 * The presale character: 3 s, then 2 s, then alternating random 5-15 s pauses with 2 s
 * glimpses of the second picture.
 */
export function* characterSchedule(random: RandomSource): Generator<FrameStep, never> {
  yield { frame: 0, durationMs: 3000 };
  yield { frame: 1, durationMs: 2000 };
  for (;;) {
    yield { frame: 0, durationMs: randomPauseMs(random) };
    yield { frame: 1, durationMs: 2000 };
  }
}

/**
 * The eyes on the private and leader pages: a six-step loop of 3 s, 2 s, random 5-15 s, 2 s,
 * random 5-15 s, 2 s, alternating the two pictures.
 */
export function* eyesSchedule(random: RandomSource): Generator<FrameStep, never> {
  for (;;) {
    yield { frame: 0, durationMs: 3000 };
    yield { frame: 1, durationMs: 2000 };
    yield { frame: 0, durationMs: randomPauseMs(random) };
    yield { frame: 1, durationMs: 2000 };
    yield { frame: 0, durationMs: randomPauseMs(random) };
    yield { frame: 1, durationMs: 2000 };
  }
}
