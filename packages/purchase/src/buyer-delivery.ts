import {
  buildClaimInstruction,
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  buildRefundInstruction,
  decodeBuyerRecordAccount,
  findAssociatedTokenAddress,
  findBuyerRecordAddress,
  type BuyerRecordAccount,
} from '@fbt/presale-client';
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { ClaimStage } from './claim-commission';
import { describeFailure, type ProgramErrorId } from './describe-failure';
import { withUnusedBlockhash } from './prepare-purchase';
import type { PurchaseConnection } from './purchase-connection';
import {
  choosePriorityFee,
  DEFAULT_MAX_PRIORITY_FEE,
  runTransaction,
  type TransactionDeps,
} from './run-transaction';

/**
 * A buyer's own transactions on an at-completion presale: Claim (the FBT unlocked and not yet
 * delivered, to the buyer's FBT account) and Refund (after a failed sale, the SOL the buyer
 * paid, from the presale's escrow). Both run the purchase's road (`runTransaction`: the
 * simulation reports the program's refusal, such as nothing unlocked yet, before the wallet is
 * asked) and read the buyer record again to say what moved.
 */

/** The presale and the connected buyer. */
export interface BuyerDeliveryRequest {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  /** The connected wallet: it signs, pays the fee and receives the FBT or the SOL. */
  readonly buyer: PublicKey;
}

/** Claim's request: the presale's vault side too. */
export interface ClaimTokensRequest extends BuyerDeliveryRequest {
  readonly mint: PublicKey;
  /** The presale's FBT vault (the presale state's `tempTokenAccountPubkey`). */
  readonly tempTokenAccount: PublicKey;
  /** The mint's token program (SPL Token or Token-2022): the buyer's account is its ATA. */
  readonly tokenProgram: PublicKey;
}

export interface BuyerDeliveryDeps extends TransactionDeps {
  readonly onStage?: (stage: ClaimStage) => void;
  /** Upper bound of the priority fee, micro-lamports per compute unit. */
  readonly maxPriorityFeeMicroLamports?: number;
  /**
   * The blockhash of this wallet's previous transaction (`blockhash` of its result): never used
   * again, so a second claim is never the first one's transaction again.
   */
  readonly previousBlockhash?: string;
}

/** The end of a claim or refund: what moved, or where and why it stopped. */
export type BuyerDeliveryResult =
  | {
      readonly ok: true;
      readonly signature: string;
      readonly slot: number;
      /**
       * Claim: FBT base units delivered by it (the record's `tokensDelivered` after minus
       * before; null when the read after failed). Refund: the lamports the record said the
       * buyer paid, which the program returns exactly.
       */
      readonly amount: bigint | null;
      /** The transaction's blockhash (pass it as the next one's `previousBlockhash`). */
      readonly blockhash: string;
    }
  | {
      readonly ok: false;
      readonly stage: ClaimStage;
      readonly message: string;
      readonly programError?: ProgramErrorId;
      readonly signature?: string;
    };

async function readRecord(
  connection: PurchaseConnection,
  request: BuyerDeliveryRequest,
): Promise<BuyerRecordAccount | null> {
  const [address] = findBuyerRecordAddress(request.programId, request.presale, request.buyer);
  const info = await connection.getAccountInfo(address, 'confirmed');
  if (info === null || !info.owner.equals(request.programId)) return null;
  return decodeBuyerRecordAccount(info.data);
}

/** What one buyer transaction sends and how it tells what moved. */
interface BuyerTransaction {
  /** Instructions after the compute budget, given the record and what else was read. */
  readonly instructions: (extra: boolean) => TransactionInstruction[];
  /** A read besides the record (the buyer's FBT account for Claim), true when it exists. */
  readonly extraRead: () => Promise<boolean>;
  /** What moved, from the record before and after (null: after could not be read). */
  readonly moved: (
    before: BuyerRecordAccount | null,
    after: BuyerRecordAccount | null,
  ) => bigint | null;
  readonly writable: PublicKey;
}

async function runBuyerTransaction(
  deps: BuyerDeliveryDeps,
  request: BuyerDeliveryRequest,
  plan: BuyerTransaction,
): Promise<BuyerDeliveryResult> {
  const { connection } = deps;
  let stage: ClaimStage = 'preparing';
  const enter = (next: ClaimStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (
    failure: { message: string; programError?: ProgramErrorId },
    signature?: string,
  ): BuyerDeliveryResult => ({
    ok: false,
    stage,
    message: failure.message,
    ...(failure.programError === undefined ? {} : { programError: failure.programError }),
    ...(signature === undefined ? {} : { signature }),
  });
  try {
    enter('preparing');
    const [before, extra, fees, read] = await Promise.all([
      readRecord(connection, request),
      plan.extraRead(),
      connection.getRecentPrioritizationFees({ lockedWritableAccounts: [plan.writable] }),
      connection.getLatestBlockhash('confirmed'),
    ]);
    const latest = await withUnusedBlockhash(connection, read, deps.previousBlockhash, deps.sleep);
    const outcome = await runTransaction(deps, {
      payer: request.buyer,
      blockhash: latest.blockhash,
      priorityFee: choosePriorityFee(
        fees.map((fee) => fee.prioritizationFee),
        deps.maxPriorityFeeMicroLamports ?? DEFAULT_MAX_PRIORITY_FEE,
      ),
      instructions: plan.instructions(extra),
      enter,
    });
    if (!outcome.ok) return fail(outcome, outcome.signature);
    const after = await readRecord(connection, request).catch(() => undefined);
    return {
      ok: true,
      signature: outcome.signature,
      slot: outcome.slot,
      amount: after === undefined ? null : plan.moved(before, after),
      blockhash: latest.blockhash,
    };
  } catch (error) {
    return fail(describeFailure(error));
  }
}

/**
 * Claims the buyer's unlocked FBT (Claim) into the buyer's associated FBT account, creating it
 * first when the buyer closed it. The program refuses with NothingDue when nothing is unlocked
 * beyond what was delivered, NotFinalized before Finalize and SaleFailed after a failed sale;
 * the simulation says so before the wallet is asked. Never throws for an expected failure.
 */
export function claimTokens(
  deps: BuyerDeliveryDeps,
  request: ClaimTokensRequest,
): Promise<BuyerDeliveryResult> {
  const tokenAccount = findAssociatedTokenAddress({
    owner: request.buyer,
    mint: request.mint,
    tokenProgram: request.tokenProgram,
  });
  return runBuyerTransaction(deps, request, {
    writable: request.presale,
    extraRead: async () =>
      (await deps.connection.getAccountInfo(tokenAccount, 'confirmed')) !== null,
    instructions: (tokenAccountExists) => [
      ...(tokenAccountExists
        ? []
        : [
            buildCreateAssociatedTokenAccountIdempotentInstruction({
              payer: request.buyer,
              owner: request.buyer,
              mint: request.mint,
              tokenProgram: request.tokenProgram,
            }),
          ]),
      buildClaimInstruction({
        programId: request.programId,
        presale: request.presale,
        tempTokenAccount: request.tempTokenAccount,
        mint: request.mint,
        buyer: request.buyer,
        buyerTokenAccount: tokenAccount,
        tokenProgram: request.tokenProgram,
      }),
    ],
    moved: (before, after) =>
      before === null || after === null ? null : after.tokensDelivered - before.tokensDelivered,
  });
}

/**
 * Takes the buyer's SOL back after a failed sale (Refund): the program pays what the buyer
 * record says was paid, from the presale's escrow, plus the record's rent, and closes the
 * record. It refuses with SaleSucceeded or NotFinalized otherwise. Never throws for an expected
 * failure.
 */
export function refundPurchase(
  deps: BuyerDeliveryDeps,
  request: BuyerDeliveryRequest,
): Promise<BuyerDeliveryResult> {
  return runBuyerTransaction(deps, request, {
    writable: request.presale,
    extraRead: () => Promise.resolve(false),
    instructions: () => [
      buildRefundInstruction({
        programId: request.programId,
        presale: request.presale,
        buyer: request.buyer,
      }),
    ],
    moved: (before, after) => (before !== null && after === null ? before.fbtBuyedAmount : null),
  });
}
