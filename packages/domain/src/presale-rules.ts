import type { PresaleState } from './presale-state';
import { FBT_DECIMALS } from './units';

/**
 * Sold out when even the smallest allowed buy would exceed the cap:
 * `currentTotalSold + minUserBuyable > maxTotalBuyable`. Derived, never stored.
 */
export function isSoldOut(state: PresaleState): boolean {
  return state.currentTotalSold + state.minUserBuyable > state.maxTotalBuyable;
}

/** Lamports still available in the whole presale (never negative). */
export function computeTotalRemaining(state: PresaleState): bigint {
  const left = state.maxTotalBuyable - state.currentTotalSold;
  return left > 0n ? left : 0n;
}

/**
 * Lamports this wallet may still spend: its per-user maximum minus what it already bought,
 * capped by what is left in the whole presale (the chain enforces both, so offering more
 * would only produce a failed transaction). Never negative.
 */
export function computeRemainingAllowance(state: PresaleState, boughtLamports: bigint): bigint {
  const userLeft = state.maxUserBuyable - boughtLamports;
  const left = userLeft < computeTotalRemaining(state) ? userLeft : computeTotalRemaining(state);
  return left > 0n ? left : 0n;
}

/** True when the wallet cannot make even a minimum buy any more. */
export function hasReachedUserMaximum(state: PresaleState, boughtLamports: bigint): boolean {
  const remaining = computeRemainingAllowance(state, boughtLamports);
  return remaining === 0n || remaining < state.minUserBuyable;
}

/** Inputs of the Send button's enablement rule ({@link isSendEnabled}). */
export interface SendButtonInput {
  readonly amountError: string | null;
  readonly userAtMaximum: boolean;
  readonly sending: boolean;
}

/**
 * The Send button is disabled while an amount error exists, when the user has reached their
 * maximum, or while a transaction is being sent.
 */
export function isSendEnabled(input: SendButtonInput): boolean {
  return input.amountError === null && !input.userAtMaximum && !input.sending;
}

/**
 * FBT base units bought for `lamports` at `tokenPrice` lamports per whole token, rounded down —
 * exactly what the program transfers: `lamports * 10^decimals / tokenPrice`.
 * Returns 0 when the price is 0 (an uninitialised presale).
 *
 * @example
 * computeTokenAmount(1_000_000_000n, 50_000n); // 20_000_000_000n (20,000 FBT)
 */
export function computeTokenAmount(
  lamports: bigint,
  tokenPrice: bigint,
  decimals: number = FBT_DECIMALS,
): bigint {
  if (tokenPrice <= 0n || lamports <= 0n) return 0n;
  return (lamports * 10n ** BigInt(decimals)) / tokenPrice;
}
