import type { SwapComputeData } from '@fbt/domain';

/** Why a transaction is refused. Codes are stable: the page translates them. */
export type SwapTransactionProblemCode =
  | 'SWAP_TX__TOO_LARGE'
  | 'SWAP_TX__MALFORMED'
  | 'SWAP_TX__LOOKUP_TABLES'
  | 'SWAP_TX__FEE_PAYER'
  | 'SWAP_TX__MISSING_SIGNATURE'
  | 'SWAP_TX__UNKNOWN_PROGRAM'
  | 'SWAP_TX__UNEXPECTED_INSTRUCTION'
  | 'SWAP_TX__PAYS_SOMEONE_ELSE'
  | 'SWAP_TX__UNEXPECTED_MINT'
  | 'SWAP_TX__PRIORITY_FEE'
  | 'SWAP_TX__NO_POOL'
  | 'SWAP_TX__AMOUNT_MISMATCH'
  | 'SWAP_TX__BELOW_MINIMUM';

/** What the transaction must be: the buyer's swap of the quote, and which DEX programs may run. */
export interface SwapTransactionExpectation {
  readonly buyer: string;
  readonly fbtMint: string;
  readonly quote: Pick<
    SwapComputeData,
    | 'swapType'
    | 'inputMint'
    | 'outputMint'
    | 'inputAmount'
    | 'outputAmount'
    | 'otherAmountThreshold'
    | 'routePlan'
  >;
  /** Exchange programs allowed to take the pools' own accounts (they enforce the swap). */
  readonly dexProgramIds: readonly string[];
  /** Highest compute-unit price accepted (default the domain's cap, 25,000). */
  readonly maxPriorityFeeMicroLamports?: number;
}

/** Base units the transaction moves between the buyer and the pools, where it says so itself. */
export interface SwapTransactionMovements {
  readonly paidLamports: bigint;
  readonly paidFbt: bigint;
  readonly receivedLamports: bigint;
  readonly receivedFbt: bigint;
  /** Whether an exchange program runs (its transfers are inside it, not counted above). */
  readonly viaExchangeProgram: boolean;
}
