import {
  DIALOG_TEXTS,
  toTransactionErrorMessage,
  walletFailureMessage,
  WRAPPED_SOL_MINT,
} from '@fbt/domain';
import { findAssociatedTokenAddress } from '@fbt/presale-client';
import { PublicKey, type VersionedTransaction } from '@solana/web3.js';
import { confirmSignature } from '../confirm-signature';
import { describeTransactionFailure } from '../describe-failure';
import type { PurchaseConnection } from '../purchase-connection';
import {
  checkSwapTransaction,
  type SwapTransactionExpectation,
  type SwapTransactionProblemCode,
} from './check-swap-transaction';

/** The steps of a swap, reported as they start (the page shows a spinner throughout). */
export type SwapStage =
  'building' | 'checking' | 'simulating' | 'signing' | 'sending' | 'confirming';

/**
 * What a swap needs: the quote it executes, who swaps, and the FBT mint's token program (SPL
 * Token or Token-2022, base58), whose associated account of the buyer receives or pays the FBT.
 */
export type SwapFbtRequest = SwapTransactionExpectation & { readonly fbtTokenProgram: string };

export interface SwapFbtDeps {
  readonly connection: PurchaseConnection;
  /** Asks the BFF for the quote's transaction (it checked it too); throws with a readable message. */
  readonly buildTransaction: () => Promise<string>;
  /** The wallet's signer (wallet-adapter's `signTransaction`). */
  readonly signTransaction: (transaction: VersionedTransaction) => Promise<VersionedTransaction>;
  readonly onStage?: (stage: SwapStage) => void;
  readonly pollIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Base units that left and reached the wallet, as the simulation showed them. */
export interface SwapAmounts {
  /** Of the input token (lamports when selling SOL, FBT units when selling FBT). */
  readonly paid: bigint;
  /** Of the output token. */
  readonly received: bigint;
}

/** The end of a swap: a confirmed signature, or where and why it stopped. */
export type SwapFbtResult =
  | {
      readonly ok: true;
      readonly signature: string;
      readonly slot: number;
      readonly amounts: SwapAmounts;
    }
  | {
      readonly ok: false;
      readonly stage: SwapStage;
      /** Text for the 'Error' dialog (English; `problem` lets the page translate a refusal). */
      readonly message: string;
      readonly problem?: {
        readonly code: SwapTransactionProblemCode | 'SWAP__SLIPPAGE';
        readonly context: Readonly<Record<string, string>>;
      };
      readonly signature?: string;
    };

/** A signature costs 5,000 lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n;
/**
 * Rent-exempt lamports per byte of an account and the bytes every account is charged beyond its
 * data: a new SPL Token account (165 bytes) costs 2,039,280, a Token-2022 one carrying
 * ImmutableOwner (170 bytes) 2,074,080.
 */
const RENT_LAMPORTS_PER_BYTE = 6_960n;
const ACCOUNT_STORAGE_OVERHEAD = 128n;
/** The most compute units a transaction may use: bounds the priority fee of any budget. */
const MAX_COMPUTE_UNITS = 1_400_000n;

/** The Trade API's programs say "slippage" when the price moved past the threshold. */
const SLIPPAGE_LOG = /slippage|ExceededSlippage|exceeds desired/i;

/**
 * Swaps SOL and FBT through the exchange: gets the quote's transaction from the BFF, checks it
 * again here ({@link checkSwapTransaction}: what the wallet will sign), simulates it and compares
 * what the wallet would pay and receive with the quote (refusing before the wallet is asked when
 * the price moved past the slippage), has the wallet sign, sends without preflight (it was just
 * simulated here) and confirms. Never throws for an expected failure.
 */
export async function swapFbt(deps: SwapFbtDeps, request: SwapFbtRequest): Promise<SwapFbtResult> {
  const { connection } = deps;
  let stage: SwapStage = 'building';
  const enter = (next: SwapStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (
    message: string,
    extra: Partial<Extract<SwapFbtResult, { ok: false }>> = {},
  ): SwapFbtResult => ({
    ok: false,
    stage,
    message,
    ...extra,
  });

  try {
    enter('building');
    let base64: string;
    try {
      base64 = await deps.buildTransaction();
    } catch (error) {
      return fail((error as Error).message);
    }

    enter('checking');
    const check = checkSwapTransaction(base64, request);
    if (!check.ok) {
      return fail(check.message, { problem: { code: check.code, context: check.context } });
    }
    const { transaction } = check;

    enter('simulating');
    const buyer = new PublicKey(request.buyer);
    const fbtAccount = fbtAccountOf(buyer, request.fbtMint, request.fbtTokenProgram);
    const [walletBefore, fbtBefore] = await Promise.all([
      connection.getAccountInfo(buyer, 'confirmed'),
      connection.getAccountInfo(fbtAccount, 'confirmed'),
    ]);
    const simulation = await connection.simulateTransaction(transaction, {
      sigVerify: false,
      commitment: 'confirmed',
      accounts: { encoding: 'base64', addresses: [buyer.toBase58(), fbtAccount.toBase58()] },
    });
    const logs = simulation.value.logs ?? [];
    if (simulation.value.err !== null) {
      if (logs.some((line) => SLIPPAGE_LOG.test(line))) return slippageFailure(fail);
      return fail(describeTransactionFailure(simulation.value.err, logs));
    }
    const [walletAfter, fbtAfter] = simulation.value.accounts ?? [];
    const solBefore = BigInt(walletBefore?.lamports ?? 0);
    const solAfter = BigInt(walletAfter?.lamports ?? 0);
    const fbtDelta = tokenAmount(fbtAfter) - tokenAmount(fbtBefore);
    const fees =
      LAMPORTS_PER_SIGNATURE * BigInt(transaction.message.header.numRequiredSignatures) +
      (BigInt(check.priorityFeeMicroLamports) * MAX_COMPUTE_UNITS + 999_999n) / 1_000_000n;
    const { quote } = request;
    const buying = quote.inputMint === WRAPPED_SOL_MINT;
    const maxPaid = BigInt(
      quote.swapType === 'BaseIn' ? quote.inputAmount : quote.otherAmountThreshold,
    );
    const minReceived = BigInt(
      quote.swapType === 'BaseIn' ? quote.otherAmountThreshold : quote.outputAmount,
    );
    const amounts: SwapAmounts = buying
      ? { paid: solBefore - solAfter, received: fbtDelta }
      : { paid: -fbtDelta, received: solAfter - solBefore };
    // SOL moves by the swap and by the fees (and a new FBT account's rent, for the size the
    // simulation gave it): allow those only.
    const paidAllowance = buying ? fees + (fbtBefore === null ? newAccountRent(fbtAfter) : 0n) : 0n;
    const receivedAllowance = buying ? 0n : fees;
    if (
      amounts.received + receivedAllowance < minReceived ||
      amounts.paid > maxPaid + paidAllowance
    ) {
      return slippageFailure(fail, amounts, minReceived);
    }

    enter('signing');
    let signed: VersionedTransaction;
    try {
      signed = await deps.signTransaction(transaction);
    } catch (error) {
      return fail(walletFailureMessage(error));
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
      blockhash: transaction.message.recentBlockhash,
      rawTransaction,
      ...(deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs }),
      ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
    });
    switch (outcome.status) {
      case 'confirmed':
        return { ok: true, signature, slot: outcome.slot, amounts };
      case 'failed':
        return fail(describeTransactionFailure(outcome.error), { signature });
      case 'expired':
        return fail(toTransactionErrorMessage('Blockhash not found'), { signature });
    }
  } catch (error) {
    return fail(describeTransactionFailure(error));
  }
}

function slippageFailure(
  fail: (message: string, extra?: Partial<Extract<SwapFbtResult, { ok: false }>>) => SwapFbtResult,
  amounts?: SwapAmounts,
  minimum?: bigint,
): SwapFbtResult {
  const context: Record<string, string> =
    amounts === undefined || minimum === undefined
      ? {}
      : { received: amounts.received.toString(), minimum: minimum.toString() };
  return fail(
    amounts === undefined
      ? 'The price moved beyond your slippage: nothing was sent. Get a new quote and try again.'
      : `The price moved beyond your slippage: this swap would give ${amounts.received} base units, below your minimum of ${minimum}. Nothing was sent; get a new quote and try again.`,
    { problem: { code: 'SWAP__SLIPPAGE', context } },
  );
}

/** The buyer's FBT account: its associated token account of the mint, under the mint's program. */
function fbtAccountOf(buyer: PublicKey, fbtMint: string, tokenProgram: string): PublicKey {
  return findAssociatedTokenAddress({
    owner: buyer,
    mint: new PublicKey(fbtMint),
    tokenProgram: new PublicKey(tokenProgram),
  });
}

/** The rent a token account the swap creates holds, for the size the simulation shows. */
function newAccountRent(
  account: { readonly data: Uint8Array | readonly string[] } | null | undefined,
): bigint {
  if (account === null || account === undefined) return 0n;
  const bytes =
    account.data instanceof Uint8Array ? account.data : base64Bytes(account.data[0] ?? '');
  return (ACCOUNT_STORAGE_OVERHEAD + BigInt(bytes.length)) * RENT_LAMPORTS_PER_BYTE;
}

/** Where a token account keeps its amount (after the mint and the owner). */
const TOKEN_AMOUNT_OFFSET = 64;

/** The amount of a token account as simulation or getAccountInfo returned it (0 when absent). */
function tokenAmount(
  account: { readonly data: Uint8Array | readonly string[] } | null | undefined,
): bigint {
  if (account === null || account === undefined) return 0n;
  const bytes =
    account.data instanceof Uint8Array ? account.data : base64Bytes(account.data[0] ?? '');
  if (bytes.length < TOKEN_AMOUNT_OFFSET + 8) return 0n;
  return new DataView(bytes.buffer, bytes.byteOffset + TOKEN_AMOUNT_OFFSET, 8).getBigUint64(
    0,
    true,
  );
}

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
