import {
  FBT_AMOUNT,
  FBT_DECIMALS,
  formatAmount,
  formatAmountForInput,
  parseTokenAmount,
  SOL_AMOUNT,
  SOL_DECIMALS,
  type AmountLanguage,
  type AmountUnit,
  type AmountParseErrorCode,
  type SwapQuoteResponse,
  type SwapSide,
} from '@fbt/domain';
import type { SwapQuoteParams } from '../api/swap-api';
import type { SwapBalances } from '../api/use-swap-balances';

/** The two tokens of the page. */
export type SwapToken = 'SOL' | 'FBT';

/** Which field the amount was typed in: what is paid (exact-in) or what is received (exact-out). */
export type EditedField = 'pay' | 'receive';

/** The form as typed. */
export interface SwapForm {
  readonly side: SwapSide;
  readonly edited: EditedField;
  readonly text: string;
  readonly slippageBps: number;
}

/** What is paid and what is received on a side. */
export function swapTokens(side: SwapSide): { pay: SwapToken; receive: SwapToken } {
  return side === 'buy' ? { pay: 'SOL', receive: 'FBT' } : { pay: 'FBT', receive: 'SOL' };
}

export const tokenDecimals = (token: SwapToken): number =>
  token === 'SOL' ? SOL_DECIMALS : FBT_DECIMALS;

/** The quote to ask for the form, or why the amount cannot be read (null error: nothing typed). */
export function quoteParamsOf(form: SwapForm): {
  params: SwapQuoteParams | null;
  error: AmountParseErrorCode | 'AMOUNT__ZERO' | null;
} {
  const tokens = swapTokens(form.side);
  const token = form.edited === 'pay' ? tokens.pay : tokens.receive;
  if (form.text.trim() === '') return { params: null, error: null };
  const parsed = parseTokenAmount(form.text, tokenDecimals(token));
  if (!parsed.ok) return { params: null, error: parsed.code };
  if (parsed.lamports === 0n) return { params: null, error: 'AMOUNT__ZERO' };
  return {
    params: {
      side: form.side,
      mode: form.edited === 'pay' ? 'exact-in' : 'exact-out',
      amount: parsed.lamports,
      slippageBps: form.slippageBps,
    },
    error: null,
  };
}

/** How each token of the page is shown (the site's one amount formatter's units). */
export const tokenUnit = (token: SwapToken): AmountUnit =>
  token === 'SOL' ? SOL_AMOUNT : FBT_AMOUNT;

/**
 * A token amount for reading, as every amount of the site is shown (`formatAmount`): SOL to 6
 * decimals, FBT to 2 (rounded toward zero), with the page's language's separators.
 *
 * @example formatTokenAmount(19_703_000_000n, 'FBT', 'en') // '19,703'
 */
export function formatTokenAmount(
  units: bigint,
  token: SwapToken,
  language: AmountLanguage,
): string {
  return formatAmount(units, tokenUnit(token), language);
}

/** The amount as a field shows it (no separators, every decimal, so it reads back the same). */
export function fieldAmount(units: bigint, token: SwapToken): string {
  return formatAmountForInput(units, tokenUnit(token));
}

/** SOL kept aside for fees and a new token account's rent when spending the whole balance. */
export const SOL_FEE_RESERVE = 5_000_000n;

/**
 * Whether the wallet cannot pay the quote: its input (the most it may pay, for exact-out)
 * against the balance, keeping SOL for fees when paying in SOL.
 */
export function isShortOf(quote: SwapQuoteResponse, balances: SwapBalances): boolean {
  const maxPaid = BigInt(
    quote.mode === 'exact-in' ? quote.inputAmount : quote.otherAmountThreshold,
  );
  if (quote.side === 'buy') return maxPaid + SOL_FEE_RESERVE > balances.lamports;
  return maxPaid > balances.fbt || balances.lamports < SOL_FEE_RESERVE;
}

/** The most the wallet can pay in the pay field (all its FBT, or its SOL less the fee reserve). */
export function maxPayable(side: SwapSide, balances: SwapBalances): bigint {
  if (side === 'sell') return balances.fbt;
  return balances.lamports > SOL_FEE_RESERVE ? balances.lamports - SOL_FEE_RESERVE : 0n;
}
