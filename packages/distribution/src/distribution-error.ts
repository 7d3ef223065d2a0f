/** Why delivery at completion could not go on, with a stable code and a sentence for a person. */
export type DistributionErrorCode =
  | 'PRESALE_MISSING'
  | 'PRESALE_NOT_OURS'
  | 'NOT_AT_COMPLETION'
  | 'NOT_COMPLETE'
  | 'NOT_FINALIZED'
  | 'SALE_FAILED'
  | 'NOT_FAILED'
  | 'TRANSACTION_REFUSED'
  | 'TRANSACTION_FAILED'
  | 'TRANSACTION_EXPIRED'
  | 'RPC_UNAVAILABLE';

/** A failure of the distribution's reads or transactions (see {@link DistributionErrorCode}). */
export class DistributionError extends Error {
  override readonly name = 'DistributionError';

  constructor(
    readonly code: DistributionErrorCode,
    message: string,
    /** The transaction's logs, when a transaction was refused or failed. */
    readonly logs: readonly string[] = [],
    /**
     * The index of the instruction whose failure refused the transaction in preflight (what a
     * named account or the program's own check refused), or null: refused as a whole (fees,
     * blockhash, size) or not refused.
     */
    readonly failedInstruction: number | null = null,
  ) {
    super(message);
  }
}
