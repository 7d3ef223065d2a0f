import {
  buildClaimCommissionInstruction,
  decodeLeaderRecordAccount,
  PRESALE_ERRORS,
  type LeaderRecordAccount,
} from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import { describeFailure, type ProgramErrorId } from './describe-failure';
import { withUnusedBlockhash } from './prepare-purchase';
import type { PurchaseConnection } from './purchase-connection';
import {
  choosePriorityFee,
  DEFAULT_MAX_PRIORITY_FEE,
  runTransaction,
  type SendStage,
  type TransactionDeps,
} from './run-transaction';

/** The steps of a claim, reported as they start. */
export type ClaimStage = 'preparing' | SendStage;

/** Which commission to claim, and for whom. */
export interface ClaimCommissionRequest {
  readonly programId: PublicKey;
  /** The connected wallet: it signs, pays the fee and receives the commission. */
  readonly leaderWallet: PublicKey;
  /** The code's leader record (PDA `["leader", presale, code]`). */
  readonly leaderRecord: PublicKey;
}

export interface ClaimCommissionDeps extends TransactionDeps {
  readonly onStage?: (stage: ClaimStage) => void;
  /** Upper bound of the priority fee, micro-lamports per compute unit. */
  readonly maxPriorityFeeMicroLamports?: number;
  /**
   * The blockhash of this wallet's previous claim (`blockhash` of its result): never used again.
   * Two claims of one record under one blockhash (commission accrued in between) are the same
   * transaction, which the chain drops as already processed while its status reads as the
   * first's: the second claim would look paid without paying.
   */
  readonly previousBlockhash?: string;
}

/** The end of a claim: what reached the wallet, or where and why it stopped. */
export type ClaimCommissionResult =
  | {
      readonly ok: true;
      readonly signature: string;
      readonly slot: number;
      /**
       * Lamports the claim paid: the record's `claimed` after the claim minus before it, read
       * from the chain (null when the read after the claim failed).
       */
      readonly claimedLamports: bigint | null;
      /** The transaction's blockhash (pass it as the next claim's `previousBlockhash`). */
      readonly blockhash: string;
    }
  | {
      readonly ok: false;
      readonly stage: ClaimStage;
      readonly message: string;
      readonly programError?: ProgramErrorId;
      readonly signature?: string;
    };

/** The program's own failure for `name`, as the simulation would report it. */
function programFailure(code: 6034 | 6038 | 6039): {
  message: string;
  programError: ProgramErrorId;
} {
  const entry = PRESALE_ERRORS[code];
  return { message: entry.message, programError: { code, name: entry.name } };
}

async function readRecord(
  connection: PurchaseConnection,
  record: PublicKey,
  programId: PublicKey,
): Promise<LeaderRecordAccount | null> {
  const info = await connection.getAccountInfo(record, 'confirmed');
  if (info === null || !info.owner.equals(programId)) return null;
  return decodeLeaderRecordAccount(info.data);
}

/**
 * Claims a leader's commission with ClaimCommission, the way a purchase is made: reads the
 * record (a wallet that is not the record's, or a record with nothing to claim, stops here,
 * before the wallet is asked, with the program's own error), simulates, has the wallet sign,
 * sends, confirms, and reads the record again to say exactly what was paid. Never throws for
 * an expected failure.
 */
export async function claimCommission(
  deps: ClaimCommissionDeps,
  request: ClaimCommissionRequest,
): Promise<ClaimCommissionResult> {
  const { connection } = deps;
  let stage: ClaimStage = 'preparing';
  const enter = (next: ClaimStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (
    failure: { message: string; programError?: ProgramErrorId },
    signature?: string,
  ): ClaimCommissionResult => ({
    ok: false,
    stage,
    message: failure.message,
    ...(failure.programError === undefined ? {} : { programError: failure.programError }),
    ...(signature === undefined ? {} : { signature }),
  });

  try {
    enter('preparing');
    const [before, fees, read] = await Promise.all([
      readRecord(connection, request.leaderRecord, request.programId),
      connection.getRecentPrioritizationFees({ lockedWritableAccounts: [request.leaderRecord] }),
      connection.getLatestBlockhash('confirmed'),
    ]);
    // No record there (or not the program's): what the program would refuse the claim with.
    if (before === null) return fail(programFailure(6034));
    if (before.wallet !== request.leaderWallet.toBase58()) return fail(programFailure(6038));
    if (before.solsClaimable === 0n) return fail(programFailure(6039));
    const latest = await withUnusedBlockhash(connection, read, deps.previousBlockhash, deps.sleep);

    const outcome = await runTransaction(deps, {
      payer: request.leaderWallet,
      blockhash: latest.blockhash,
      priorityFee: choosePriorityFee(
        fees.map((fee) => fee.prioritizationFee),
        deps.maxPriorityFeeMicroLamports ?? DEFAULT_MAX_PRIORITY_FEE,
      ),
      instructions: [
        buildClaimCommissionInstruction({
          programId: request.programId,
          leaderWallet: request.leaderWallet,
          leaderRecord: request.leaderRecord,
        }),
      ],
      enter,
    });
    if (!outcome.ok) return fail(outcome, outcome.signature);
    const after = await readRecord(connection, request.leaderRecord, request.programId).catch(
      () => null,
    );
    return {
      ok: true,
      signature: outcome.signature,
      slot: outcome.slot,
      claimedLamports: after === null ? null : after.solsClaimed - before.solsClaimed,
      blockhash: latest.blockhash,
    };
  } catch (error) {
    return fail(describeFailure(error));
  }
}
