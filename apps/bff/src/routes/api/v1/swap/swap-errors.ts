import { isAdapterError } from '@fbt/adapters';
import type { SwapRefusal } from '@fbt/domain';
import { HttpError } from '../../../../http/http-error';

/**
 * The swap routes' answers when the exchange cannot be used, so the page can say what happened:
 * slow (504, retry), down (503, retry), an answer not understood (502) or no route (422).
 */
export function exchangeFailure(error: unknown): unknown {
  if (isAdapterError(error, 'UPSTREAM__TIMEOUT')) {
    return new HttpError(
      'SWAP__UPSTREAM_TIMEOUT',
      'The exchange did not answer in time. Please try again.',
      504,
      2,
    );
  }
  if (isAdapterError(error, 'UPSTREAM__BAD_RESPONSE')) {
    const problem = typeof error.context.problem === 'string' ? ` (${error.context.problem})` : '';
    return new HttpError(
      'SWAP__UPSTREAM_INVALID',
      `The exchange's answer could not be understood${problem}.`,
      502,
    );
  }
  if (
    isAdapterError(error, 'UPSTREAM__HTTP_STATUS') ||
    isAdapterError(error, 'UPSTREAM__NETWORK')
  ) {
    return new HttpError(
      'SWAP__UPSTREAM_UNAVAILABLE',
      'The exchange is unavailable right now. Please try again shortly.',
      503,
      5,
    );
  }
  // Anything else is ours: the error handler logs it and answers a generic 500.
  return error;
}

/** The exchange's own refusal (no route, amount too small, …), with its words. */
export function exchangeRefusal(refusal: SwapRefusal): HttpError {
  return new HttpError(
    'SWAP__NO_ROUTE',
    `The exchange cannot do this swap: ${refusal.reason}.`,
    422,
  );
}

/** The swap routes without an exchange configured. */
export function swapDisabled(): HttpError {
  return new HttpError(
    'SWAP__DISABLED',
    'Trading opens after the presale: no exchange is configured yet.',
    404,
  );
}
