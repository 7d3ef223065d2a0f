import {
  buildClaimCommissionInstruction,
  decodeLeaderRecordAccount,
  PRESALE_ERRORS,
  type LeaderRecordAccount,
} from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import type { ProgramErrorId } from './describe-failure';
import type { PurchaseConnection } from './purchase-connection';
import {
  runRecordTransaction,
  type RecordTransactionDeps,
  type RecordTransactionFailure,
} from './record-transaction';

export type { ClaimStage } from './record-transaction';

/** Which commission to claim, and for whom. */
export interface ClaimCommissionRequest {
  readonly programId: PublicKey;
  /** The connected wallet: it signs, pays the fee and receives the commission. */
  readonly leaderWallet: PublicKey;
  /** The code's leader record (PDA `["leader", presale, code]`). */
  readonly leaderRecord: PublicKey;
}

/**
 * `previousBlockhash` is the previous claim's: two claims of one record under one blockhash
 * (commission accrued in between) are the same transaction, which the chain drops as already
 * processed while its status reads as the first's: the second claim would look paid without
 * paying.
 */
export type ClaimCommissionDeps = RecordTransactionDeps;

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
  | RecordTransactionFailure;

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
  const result = await runRecordTransaction(deps, {
    payer: request.leaderWallet,
    writable: request.leaderRecord,
    readRecord: () => readRecord(deps.connection, request.leaderRecord, request.programId),
    extraRead: () => Promise.resolve(undefined),
    // No record there (or not the program's): what the program would refuse the claim with.
    refusal: (before) =>
      before === null
        ? programFailure(6034)
        : before.wallet !== request.leaderWallet.toBase58()
          ? programFailure(6038)
          : before.solsClaimable === 0n
            ? programFailure(6039)
            : null,
    instructions: () => [
      buildClaimCommissionInstruction({
        programId: request.programId,
        leaderWallet: request.leaderWallet,
        leaderRecord: request.leaderRecord,
      }),
    ],
    moved: (before, after) =>
      before === null || after === null ? null : after.solsClaimed - before.solsClaimed,
  });
  if (!result.ok) return result;
  const { amount, ...sent } = result;
  return { ...sent, claimedLamports: amount };
}
