import type { SwapSide } from '@fbt/domain';
import { useState } from 'react';
import { useSwapQuote } from '../api/use-swap-quote';
import {
  fieldAmount,
  quoteParamsOf,
  swapTokens,
  type EditedField,
  type SwapForm,
} from '../lib/swap-form';

const INITIAL_FORM: SwapForm = { side: 'buy', edited: 'pay', text: '', slippageBps: 50 };

/**
 * The swap form and its live quote: the side, which field was typed in (that side is exact),
 * its text and the slippage; the quote for the settled form (one answering another side or
 * field is not shown); and each field's text, the other one filled from the quote.
 */
export function useSwapForm() {
  const [form, setForm] = useState<SwapForm>(INITIAL_FORM);
  const tokens = swapTokens(form.side);
  const { params, error: amountError } = quoteParamsOf(form);
  const quote = useSwapQuote(params);
  // A quote answers the settled form; one for another side or field is not shown.
  const shown =
    quote.data !== undefined &&
    params !== null &&
    quote.data.side === form.side &&
    quote.data.mode === params.mode
      ? quote.data
      : undefined;
  // The quote's amount for the field not typed in (its estimate), in base units.
  const estimateOf = (field: EditedField): bigint | null => {
    if (form.edited === field || shown === undefined) return null;
    return BigInt(field === 'pay' ? shown.inputAmount : shown.outputAmount);
  };
  const textOf = (field: EditedField): string => {
    if (form.edited === field) return form.text;
    const estimate = estimateOf(field);
    return estimate === null ? '' : fieldAmount(estimate, tokens[field]);
  };

  return {
    form,
    tokens,
    params,
    amountError,
    quote,
    shown,
    payText: textOf('pay'),
    receiveText: textOf('receive'),
    /** The estimate in the field not typed in (base units), or null. */
    payEstimate: estimateOf('pay'),
    receiveEstimate: estimateOf('receive'),
    edit: (edited: EditedField, text: string) =>
      setForm((current) => ({ ...current, edited, text })),
    flip: () =>
      setForm((current) => {
        const side: SwapSide = current.side === 'buy' ? 'sell' : 'buy';
        // The amount typed stays with its token: what was paid is now received, and back.
        return { ...current, side, edited: current.edited === 'pay' ? 'receive' : 'pay' };
      }),
    setSlippage: (slippageBps: number) => setForm((current) => ({ ...current, slippageBps })),
    /** Empties the amount after a confirmed swap (the side and the slippage stay). */
    clearAmount: () => setForm((current) => ({ ...current, text: '' })),
  };
}

/** What {@link useSwapForm} knows. */
export type SwapFormState = ReturnType<typeof useSwapForm>;
