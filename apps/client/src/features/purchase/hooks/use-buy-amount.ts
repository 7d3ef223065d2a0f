import {
  checkBuyAmount,
  estimateTokenUnits,
  hasReachedUserMaximum,
  type AmountError,
  type PresaleState,
} from '@fbt/domain';
import { useState } from 'react';

/** The amount field's text (1 SOL to start with). */
const INITIAL_AMOUNT = '1';

/**
 * The amount field: its text, checked by the domain's rule against the presale and what the
 * wallet already bought, with the error to show or the FBT estimate, and whether the wallet has
 * reached its maximum. Nothing is checked before the presale is known.
 */
export function useBuyAmount(state: PresaleState | undefined, boughtLamports: bigint) {
  const [text, setText] = useState(INITIAL_AMOUNT);
  const checked =
    state !== undefined ? checkBuyAmount({ input: text, state, boughtLamports }) : null;
  const error: AmountError | null = checked !== null && !checked.ok ? checked.error : null;
  return {
    text,
    setText,
    error,
    /** 'You will receive N FBT''s FBT base units, or null (an error, or the presale not known yet). */
    estimate:
      state !== undefined && checked !== null
        ? estimateTokenUnits(checked, state.tokenPrice)
        : null,
    userAtMaximum: state !== undefined && hasReachedUserMaximum(state, boughtLamports),
  };
}

/** What {@link useBuyAmount} knows. */
export type BuyAmount = ReturnType<typeof useBuyAmount>;
