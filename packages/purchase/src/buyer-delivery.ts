import {
  buildClaimInstruction,
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  buildRefundInstruction,
  decodeBuyerRecordAccount,
  findAssociatedTokenAddress,
  findBuyerRecordAddress,
  type BuyerRecordAccount,
} from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import type { PurchaseConnection } from './purchase-connection';
import {
  runRecordTransaction,
  type RecordTransactionDeps,
  type RecordTransactionPlan,
  type RecordTransactionResult,
} from './record-transaction';

/**
 * A buyer's own transactions on an at-completion presale: Claim (the FBT unlocked and not yet
 * delivered, to the buyer's FBT account) and Refund (after a failed sale, the SOL the buyer
 * paid, from the presale's escrow). Both run the claim's road (`runRecordTransaction`: the
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

/** A second claim never reuses the first one's blockhash (`previousBlockhash`). */
export type BuyerDeliveryDeps = RecordTransactionDeps;

/**
 * The end of a claim or refund: what moved, or where and why it stopped. `amount` for Claim:
 * FBT base units delivered by it (the record's `tokensDelivered` after minus before; null when
 * the read after failed). For Refund: the lamports the record said the buyer paid, which the
 * program returns exactly.
 */
export type BuyerDeliveryResult = RecordTransactionResult;

async function readRecord(
  connection: PurchaseConnection,
  request: BuyerDeliveryRequest,
): Promise<BuyerRecordAccount | null> {
  const [address] = findBuyerRecordAddress(request.programId, request.presale, request.buyer);
  const info = await connection.getAccountInfo(address, 'confirmed');
  if (info === null || !info.owner.equals(request.programId)) return null;
  return decodeBuyerRecordAccount(info.data);
}

/** What one buyer transaction sends and how it tells what moved (the buyer signs and pays). */
type BuyerTransaction = Omit<
  RecordTransactionPlan<BuyerRecordAccount, boolean>,
  'payer' | 'readRecord' | 'refusal'
>;

function runBuyerTransaction(
  deps: BuyerDeliveryDeps,
  request: BuyerDeliveryRequest,
  plan: BuyerTransaction,
): Promise<BuyerDeliveryResult> {
  return runRecordTransaction(deps, {
    ...plan,
    payer: request.buyer,
    readRecord: () => readRecord(deps.connection, request),
  });
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
