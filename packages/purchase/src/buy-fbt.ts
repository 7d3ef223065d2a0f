import {
  computeTokenAmount,
  DIALOG_TEXTS,
  toTransactionErrorMessage,
  validateAmount,
  parseSolAmount,
  type PresaleState,
} from '@fbt/domain';
import {
  BUY_SIMULATION_COMPUTE_UNITS,
  buildBuyInstructions,
  buyComputeUnitLimit,
} from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { confirmSignature } from './confirm-signature';
import { describeTransactionFailure } from './describe-failure';
import { isPreparedFor, preparePurchase, type PreparedPurchase } from './prepare-purchase';
import type { PurchaseConnection } from './purchase-connection';

/** The steps of a purchase, reported as they start (the UI shows a spinner throughout). */
export type BuyStage =
  'validating' | 'preparing' | 'simulating' | 'signing' | 'sending' | 'confirming';

/** Everything a purchase needs to know. */
export interface BuyFbtRequest {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  readonly mint: PublicKey;
  /** The presale as last read; its limits are re-checked before sending. */
  readonly state: PresaleState;
  readonly buyer: PublicKey;
  /** The amount field's text. */
  readonly amountInput: string;
  /** Lamports the buyer already spent on this presale. */
  readonly boughtLamports: bigint;
  /** Leader page only: adds the memo `fbt:leader:<code>`. */
  readonly leaderCode?: string;
}

export interface BuyFbtDeps {
  readonly connection: PurchaseConnection;
  /** The wallet's signer (wallet-adapter's `signTransaction`). */
  readonly signTransaction: (transaction: VersionedTransaction) => Promise<VersionedTransaction>;
  readonly onStage?: (stage: BuyStage) => void;
  /** Upper bound of the priority fee, micro-lamports per compute unit. */
  readonly maxPriorityFeeMicroLamports?: number;
  readonly pollIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /**
   * Chain data read ahead with `preparePurchase` (e.g. when the purchase box opened): used when
   * it matches this purchase and is fresh, which saves a round trip after the click.
   */
  readonly prepared?: PreparedPurchase;
  /** Clock of `prepared.readAt` (default Date.now). */
  readonly now?: () => number;
}

/** The end of a purchase: a confirmed signature, or where and why it stopped. */
export type BuyFbtResult =
  | {
      readonly ok: true;
      readonly signature: string;
      readonly lamports: bigint;
      /** FBT base units the program transferred. */
      readonly tokenAmount: bigint;
      readonly slot: number;
    }
  | {
      readonly ok: false;
      readonly stage: BuyStage;
      /** Text for the 'Error' dialog. */
      readonly message: string;
      /** Set once the transaction was sent (it may still be looked up). */
      readonly signature?: string;
    };

/** Priority fees above this many micro-lamports per CU are not paid (a spike is not our bid). */
export const DEFAULT_MAX_PRIORITY_FEE = 25_000;

/**
 * Buys FBT: re-validates the amount, builds the transaction (creating the buyer's token
 * account when missing), simulates it and reports program errors before the wallet is asked,
 * has the wallet sign, sends, and confirms. Never throws for an expected failure: the result
 * says at which stage it stopped and what to show.
 */
export async function buyFbt(deps: BuyFbtDeps, request: BuyFbtRequest): Promise<BuyFbtResult> {
  const { connection } = deps;
  let stage: BuyStage = 'validating';
  const enter = (next: BuyStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (message: string, signature?: string): BuyFbtResult => ({
    ok: false,
    stage,
    message,
    ...(signature === undefined ? {} : { signature }),
  });

  enter('validating');
  const amountError = validateAmount({
    input: request.amountInput,
    state: request.state,
    boughtLamports: request.boughtLamports,
  });
  const parsed = parseSolAmount(request.amountInput);
  if (amountError !== null || !parsed.ok)
    return fail(amountError?.message ?? 'Amount field is empty');
  const lamports = parsed.lamports;

  try {
    enter('preparing');
    const buyerTokenAccount = getAssociatedTokenAddressSync(request.mint, request.buyer);
    const now = deps.now ?? Date.now;
    const target = { buyer: request.buyer, presale: request.presale, mint: request.mint };
    const chain = isPreparedFor(deps.prepared, target, now())
      ? deps.prepared
      : await preparePurchase(connection, target, now);
    const buyInstructions = buildBuyInstructions({
      programId: request.programId,
      presale: request.presale,
      buyer: request.buyer,
      seller: new PublicKey(request.state.sellerPubkey),
      tempTokenAccount: new PublicKey(request.state.tempTokenAccountPubkey),
      mint: request.mint,
      lamports,
      buyerTokenAccount,
      createBuyerTokenAccount: !chain.tokenAccountExists,
      ...(request.leaderCode === undefined ? {} : { leaderCode: request.leaderCode }),
    });
    const priorityFee = choosePriorityFee(
      chain.recentFees,
      deps.maxPriorityFeeMicroLamports ?? DEFAULT_MAX_PRIORITY_FEE,
    );
    const compile = (computeUnits: number): VersionedTransaction =>
      compileTransaction(request.buyer, chain.blockhash, [
        ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnits }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: priorityFee }),
        ...buyInstructions,
      ]);

    enter('simulating');
    const simulation = await connection.simulateTransaction(compile(BUY_SIMULATION_COMPUTE_UNITS), {
      sigVerify: false,
      commitment: 'confirmed',
    });
    if (simulation.value.err !== null) {
      return fail(describeTransactionFailure(simulation.value.err, simulation.value.logs ?? []));
    }
    const transaction = compile(buyComputeUnitLimit(simulation.value.unitsConsumed));

    enter('signing');
    let signed: VersionedTransaction;
    try {
      signed = await deps.signTransaction(transaction);
    } catch (error) {
      return fail(toTransactionErrorMessage(error));
    }
    const signatureBytes = signed.signatures[0];
    if (signatureBytes === undefined || signatureBytes.every((byte) => byte === 0)) {
      return fail(DIALOG_TEXTS.DIALOG__NOT_SIGNED);
    }

    enter('sending');
    const rawTransaction = signed.serialize();
    const signature = await connection.sendRawTransaction(rawTransaction, {
      skipPreflight: true,
      maxRetries: 0,
    });

    enter('confirming');
    const outcome = await confirmSignature({
      connection,
      signature,
      blockhash: chain.blockhash,
      rawTransaction,
      ...(deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs }),
      ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
    });
    switch (outcome.status) {
      case 'confirmed':
        return {
          ok: true,
          signature,
          lamports,
          tokenAmount: computeTokenAmount(lamports, request.state.tokenPrice),
          slot: outcome.slot,
        };
      case 'failed':
        return fail(describeTransactionFailure(outcome.error), signature);
      case 'expired':
        return fail(toTransactionErrorMessage('Blockhash not found'), signature);
    }
  } catch (error) {
    return fail(describeTransactionFailure(error));
  }
}

function compileTransaction(
  payer: PublicKey,
  blockhash: string,
  instructions: TransactionInstruction[],
): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions,
  }).compileToLegacyMessage();
  return new VersionedTransaction(message);
}

/** The median of recent non-zero fees on the presale account, capped; 0 when the chain is idle. */
export function choosePriorityFee(recentFees: readonly number[], cap: number): number {
  const paid = recentFees.filter((fee) => fee > 0).sort((a, b) => a - b);
  if (paid.length === 0) return 0;
  const median = paid[Math.floor(paid.length / 2)] ?? 0;
  return Math.min(median, cap);
}
