import {
  apiErrorBodySchema,
  swapQuoteResponseSchema,
  swapTransactionResponseSchema,
  type SwapMode,
  type SwapQuoteResponse,
  type SwapSide,
  type SwapTransactionRequest,
  type SwapTransactionResponse,
} from '@fbt/domain';
import { z } from 'zod';
import { API_BASE } from '../../../config/api';
import { parseResponse } from '../../../lib/api-client';

/** A swap route's refusal: the BFF's stable code and its English sentence. */
export class SwapApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | undefined,
    /** A refused transaction's values (the account paid, the sizes…), for the translation. */
    readonly context: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'SwapApiError';
  }
}

/** A refused swap transaction's answer carries its values next to the error. */
const refusalContextSchema = z.object({ context: z.record(z.string(), z.string()) });

/** What a quote asks. */
export interface SwapQuoteParams {
  readonly side: SwapSide;
  readonly mode: SwapMode;
  /** Base units of the paid token (exact-in) or of the received one (exact-out). */
  readonly amount: bigint;
  readonly slippageBps: number;
}

async function readAnswer(response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SwapApiError(
      'SWAP__BAD_ANSWER',
      'The server answered something unreadable.',
      response.status,
    );
  }
  if (!response.ok) {
    const error = apiErrorBodySchema.safeParse(body);
    if (!error.success) {
      throw new SwapApiError('SWAP__BAD_ANSWER', `HTTP error ${response.status}`, response.status);
    }
    const context = refusalContextSchema.safeParse(body);
    throw new SwapApiError(
      error.data.error.code,
      error.data.error.message,
      response.status,
      context.success ? context.data.context : {},
    );
  }
  return body;
}

/** `GET /api/v1/swap/quote`; a newer request aborts this one through `signal`. */
export async function fetchSwapQuote(
  params: SwapQuoteParams,
  signal?: AbortSignal,
): Promise<SwapQuoteResponse> {
  const query = new URLSearchParams({
    side: params.side,
    mode: params.mode,
    amount: params.amount.toString(),
    slippageBps: String(params.slippageBps),
  });
  const response = await fetch(`${API_BASE}/swap/quote?${query.toString()}`, {
    headers: { accept: 'application/json' },
    signal: signal ?? null,
  });
  return parseResponse(swapQuoteResponseSchema, await readAnswer(response), 'swap quote');
}

/** `POST /api/v1/swap/transaction`: the quote's transaction, checked by the BFF. */
export async function postSwapTransaction(
  body: SwapTransactionRequest,
): Promise<SwapTransactionResponse> {
  const response = await fetch(`${API_BASE}/swap/transaction`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return parseResponse(
    swapTransactionResponseSchema,
    await readAnswer(response),
    'swap transaction',
  );
}
