import type { SwapFbtResult } from '@fbt/purchase';
import { en, type MessageKey } from '../../../lib/i18n/en';
import type { Translate } from '../../../lib/i18n/i18n';
import { transactionLineText } from '../../../lib/transaction-text';
import { dialogLineOf, type AmountParseErrorCode } from '@fbt/domain';
import { tokenDecimals, type SwapToken } from './swap-form';
import { SwapApiError } from '../api/swap-api';

function keyOf(prefix: string, code: string): MessageKey | null {
  const key = `${prefix}.${code}`;
  return key in en ? (key as MessageKey) : null;
}

/**
 * Why the swap stopped, in the site's language: a BFF code (exchange slow, down, no route…) or
 * a refusal of the transaction check by its code with its values; the wallet's or chain's own
 * words otherwise (the fixed ones translated).
 */
export function swapFailureText(
  t: Translate,
  failure: SwapApiError | Extract<SwapFbtResult, { ok: false }>,
): string {
  if (failure instanceof SwapApiError) {
    const key = keyOf('swap.api', failure.code) ?? keyOf('swap.problem', failure.code);
    return key === null ? failure.message : t(key, { ...failure.context });
  }
  if (failure.problem !== undefined) {
    const key = keyOf('swap.problem', failure.problem.code);
    if (key !== null) return t(key, { ...failure.problem.context });
  }
  return transactionLineText(t, dialogLineOf(failure.message));
}

/** A quote request's failure for the line under the fields. */
export function quoteFailureText(t: Translate, error: unknown): string {
  if (error instanceof SwapApiError) {
    const key = keyOf('swap.api', error.code);
    return key === null ? error.message : t(key);
  }
  return t('swap.api.SWAP__BAD_ANSWER');
}

/** An amount that cannot be read, in the site's language (decimals are the token's own). */
export function swapAmountErrorText(
  t: Translate,
  code: AmountParseErrorCode | 'AMOUNT__ZERO',
  token: SwapToken,
): string {
  if (code === 'AMOUNT__ZERO') return t('swap.amountZero');
  if (code === 'AMOUNT__TOO_MANY_DECIMALS') {
    return t('swap.tooManyDecimals', { token, decimals: tokenDecimals(token) });
  }
  return t(`amount.${code}`);
}
