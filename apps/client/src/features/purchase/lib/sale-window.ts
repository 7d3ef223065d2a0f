import type { SaleWindow } from '@fbt/domain';

/** Where the sale stands at a moment, as the purchase box shows it. */
export type SalePhase =
  | {
      readonly phase: 'open';
      /** Unix ms of the end, when there is one. */ readonly endsAt: number | null;
    }
  | { readonly phase: 'not-started'; readonly startsAt: number; readonly remainingMs: number }
  | { readonly phase: 'ended'; readonly endedAt: number };

/**
 * The sale's phase at `nowMs` (the browser's clock), by the program's rule: buys are accepted
 * from `start` (inclusive) until before `end`, a `null` bound being none. The chain's clock may
 * differ by seconds; the simulation has the last word (SaleNotStarted / SaleEnded).
 *
 * @example saleWindowPhase({ start: 100, end: null }, 99_000) // { phase: 'not-started', startsAt: 100_000, remainingMs: 1_000 }
 */
export function saleWindowPhase(window: SaleWindow | undefined, nowMs: number): SalePhase {
  const start = window?.start ?? null;
  const end = window?.end ?? null;
  if (start !== null && nowMs < start * 1000) {
    return { phase: 'not-started', startsAt: start * 1000, remainingMs: start * 1000 - nowMs };
  }
  if (end !== null && nowMs >= end * 1000) return { phase: 'ended', endedAt: end * 1000 };
  return { phase: 'open', endsAt: end === null ? null : end * 1000 };
}

/** A countdown's parts, whole units, rounded up to the next second (never shows 0 too early). */
export interface CountdownParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** Splits a remaining time into days, hours, minutes and seconds. */
export function splitCountdown(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}
