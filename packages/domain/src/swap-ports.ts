import type { SwapComputeAnswer } from './swap-schemas';
import type { PriorityFeeSource } from './swap-schemas';

/** What a quote asks the exchange for. */
export interface SwapQuoteRequest {
  readonly inputMint: string;
  readonly outputMint: string;
  /** Base units of the input (BaseIn) or of the output (BaseOut). */
  readonly amount: bigint;
  readonly slippageBps: number;
  readonly swapType: 'BaseIn' | 'BaseOut';
}

/** What the exchange needs to turn a quote into transactions for a wallet. */
export interface SwapTransactionBuildRequest {
  readonly quote: SwapComputeAnswer;
  readonly wallet: string;
  readonly computeUnitPriceMicroLamports: number;
  /** Pay in native SOL (the exchange wraps it). */
  readonly wrapSol: boolean;
  /** Receive native SOL (the exchange unwraps it). */
  readonly unwrapSol: boolean;
  /** The wallet's token account of a non-SOL input. */
  readonly inputAccount?: string;
  /** The wallet's existing token account of a non-SOL output (absent: the exchange creates it). */
  readonly outputAccount?: string;
}

/** An exchange's answer that it could not do what was asked (no route, amount too small…). */
export interface SwapRefusal {
  readonly refused: true;
  /** The exchange's own words (a code such as `ROUTE_NOT_FOUND`), or a fixed text. */
  readonly reason: string;
}

/**
 * The exchange the swap page trades through (Raydium's Trade API in production, a loopback pool
 * in tests). Answers are validated; transport failures throw the adapters' errors.
 */
export interface SwapExchange {
  quote(request: SwapQuoteRequest): Promise<SwapComputeAnswer | SwapRefusal>;
  /** Base64 wire transactions in signing order. */
  buildTransactions(request: SwapTransactionBuildRequest): Promise<readonly string[] | SwapRefusal>;
}

/** A priority fee read from a fee service. */
export interface PriorityFeeReading {
  readonly microLamports: number;
  readonly source: Exclude<PriorityFeeSource, 'fallback'>;
}

/** Where the swap's priority fee comes from (a fee-statistics or auto-fee service). */
export interface PriorityFeeSourcePort {
  read(): Promise<PriorityFeeReading>;
}

/**
 * Whether an exchange answer is a refusal (answers carry unknown fields, so `in` does not narrow).
 *
 * @example isSwapRefusal({ refused: true, reason: 'ROUTE_NOT_FOUND' }) // true
 */
export function isSwapRefusal(answer: object): answer is SwapRefusal {
  return 'refused' in answer && answer.refused === true;
}
