import { checkBuyAmount, computeTokenAmount, type PresaleState } from '@fbt/domain';
import {
  buildBuyInstructions,
  findAssociatedTokenAddress,
  latestEndFor,
  type ShownSaleEnd,
} from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { describeFailure, type ProgramErrorId } from './describe-failure';
import {
  isPreparedFor,
  withUnusedBlockhash,
  preparePurchase,
  type PreparedPurchase,
} from './prepare-purchase';
import {
  choosePriorityFee,
  DEFAULT_MAX_PRIORITY_FEE,
  runTransaction,
  type TransactionDeps,
} from './run-transaction';

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
  /**
   * Leader page: the code's on-chain leader record, as the BFF's leader check named it
   * (registered and active). The program pays it 10% of the amount and the seller the rest; it
   * refuses a suspended record or another presale's, so a stale answer can only fail the buy,
   * never pay the wrong leader. Absent: a plain buy.
   */
  readonly leaderRecord?: PublicKey;
  /** The buyer's allowlist proof on an allowlisted presale (at most 20 hashes). */
  readonly allowlistProof?: readonly Uint8Array[];
  /**
   * How the presale delivers and when it ends, as the buyer was shown them (read with the
   * presale, ahead of the click). At completion the buy names that end as the latest it
   * accepts, so a seller who moved the end later since is refused (`SaleEndMoved`) before the
   * wallet is asked; an instant presale's end bounds nothing and is not sent. The site always
   * passes it; absent, the buy is unbounded.
   */
  readonly shownEnd?: ShownSaleEnd;
  /**
   * The deployment's address lookup table (the config's `lookupTable`): the buy is then a
   * version-0 transaction loading the presale's accounts from it, when the chain has it.
   */
  readonly lookupTable?: PublicKey;
  /**
   * The mint's token program (SPL Token or Token-2022) when the caller knows it; otherwise the
   * purchase reads it from the mint's account.
   */
  readonly tokenProgram?: PublicKey;
}

export interface BuyFbtDeps extends TransactionDeps {
  readonly onStage?: (stage: BuyStage) => void;
  /** Upper bound of the priority fee, micro-lamports per compute unit. */
  readonly maxPriorityFeeMicroLamports?: number;
  /**
   * Chain data read ahead with `preparePurchase` (e.g. when the purchase box opened): used when
   * it matches this purchase and is fresh, which saves a round trip after the click.
   */
  readonly prepared?: PreparedPurchase;
  /** Clock of `prepared.readAt` (default Date.now). */
  readonly now?: () => number;
  /**
   * The blockhash of this buyer's previous purchase (`blockhash` of its result): never used
   * again, so two identical buys are two transactions (see `newerBlockhash`).
   */
  readonly previousBlockhash?: string;
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
      /** The transaction's blockhash (pass it as the next purchase's `previousBlockhash`). */
      readonly blockhash: string;
    }
  | {
      readonly ok: false;
      readonly stage: BuyStage;
      /** Text for the 'Error' dialog. */
      readonly message: string;
      /** Set when our program refused (a translated UI shows its own text for it). */
      readonly programError?: ProgramErrorId;
      /** Set once the transaction was sent (it may still be looked up). */
      readonly signature?: string;
      /** The sent transaction's blockhash, with `signature`. */
      readonly blockhash?: string;
    };

/** The buy's `latestEnd` for the end the buyer was shown, when there is one to send. */
function latestEndOf(shown: ShownSaleEnd | undefined): { latestEnd?: bigint } {
  const latestEnd = shown === undefined ? undefined : latestEndFor(shown);
  return latestEnd === undefined ? {} : { latestEnd };
}

/**
 * Buys FBT: re-validates the amount, builds the transaction (creating the buyer's token
 * account when missing; BuyWith with the leader record and the allowlist proof when given, and
 * at completion the end the buyer was shown as the latest it accepts),
 * simulates it and reports program errors before the wallet is asked, has the wallet sign,
 * sends, and confirms. Never throws for an expected failure: the result
 * says at which stage it stopped and what to show.
 */
export async function buyFbt(deps: BuyFbtDeps, request: BuyFbtRequest): Promise<BuyFbtResult> {
  const { connection } = deps;
  let stage: BuyStage = 'validating';
  const enter = (next: BuyStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (
    failure: { message: string; programError?: ProgramErrorId },
    sent?: { signature: string; blockhash: string },
  ): BuyFbtResult => ({
    ok: false,
    stage,
    message: failure.message,
    ...(failure.programError === undefined ? {} : { programError: failure.programError }),
    ...sent,
  });

  enter('validating');
  const amount = checkBuyAmount({
    input: request.amountInput,
    state: request.state,
    boughtLamports: request.boughtLamports,
  });
  if (!amount.ok) return fail({ message: amount.error.message });
  const lamports = amount.lamports;

  try {
    enter('preparing');
    const now = deps.now ?? Date.now;
    const target = {
      buyer: request.buyer,
      presale: request.presale,
      mint: request.mint,
      ...(request.tokenProgram === undefined ? {} : { tokenProgram: request.tokenProgram }),
      ...(request.lookupTable === undefined ? {} : { lookupTable: request.lookupTable }),
    };
    const read = isPreparedFor(deps.prepared, target, now())
      ? deps.prepared
      : await preparePurchase(connection, target, now);
    const tokenProgram = new PublicKey(read.tokenProgram);
    const buyerTokenAccount = findAssociatedTokenAddress({
      owner: request.buyer,
      mint: request.mint,
      tokenProgram,
    });
    const chain = await withUnusedBlockhash(connection, read, deps.previousBlockhash, deps.sleep);
    const buyInstructions = buildBuyInstructions({
      programId: request.programId,
      presale: request.presale,
      buyer: request.buyer,
      seller: new PublicKey(request.state.sellerPubkey),
      tempTokenAccount: new PublicKey(request.state.tempTokenAccountPubkey),
      mint: request.mint,
      lamports,
      buyerTokenAccount,
      tokenProgram,
      createBuyerTokenAccount: !chain.tokenAccountExists,
      ...(request.leaderRecord === undefined ? {} : { leaderRecord: request.leaderRecord }),
      ...(request.allowlistProof === undefined ? {} : { allowlistProof: request.allowlistProof }),
      ...latestEndOf(request.shownEnd),
    });
    const outcome = await runTransaction(deps, {
      payer: request.buyer,
      blockhash: chain.blockhash,
      priorityFee: choosePriorityFee(
        chain.recentFees,
        deps.maxPriorityFeeMicroLamports ?? DEFAULT_MAX_PRIORITY_FEE,
      ),
      instructions: buyInstructions,
      lookupTables: chain.lookupTable === null ? [] : [chain.lookupTable],
      enter,
    });
    if (!outcome.ok) {
      const { signature } = outcome;
      return fail(
        outcome,
        signature === undefined ? undefined : { signature, blockhash: chain.blockhash },
      );
    }
    return {
      ok: true,
      signature: outcome.signature,
      lamports,
      tokenAmount: computeTokenAmount(lamports, request.state.tokenPrice),
      slot: outcome.slot,
      blockhash: chain.blockhash,
    };
  } catch (error) {
    return fail(describeFailure(error));
  }
}
