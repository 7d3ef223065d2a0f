import { encodeBase58, LEADER_CODE_MAX_LENGTH } from '@fbt/domain';
import { ACCOUNT_KIND, PresaleLayoutError } from './layout';

/** Size of a leader record account. */
export const LEADER_RECORD_ACCOUNT_SIZE = 136;

/** Offsets inside a leader record (mirrors c/presale.h). */
export const LEADER_RECORD_OFFSETS = {
  kind: 0,
  bump: 1,
  version: 2,
  active: 3,
  codeLength: 4,
  commissionInEscrow: 5,
  presale: 8,
  wallet: 40,
  code: 72,
  volume: 104,
  buys: 112,
  accrued: 120,
  claimed: 128,
} as const;

/** A decoded leader record: who earns on a code and what the code has earned so far. */
export interface LeaderRecordAccount {
  readonly presale: string;
  /** The wallet paid by ClaimCommission (base58). */
  readonly wallet: string;
  readonly code: string;
  readonly bump: number;
  readonly version: number;
  /** False once the seller suspended the code (what was earned stays claimable). */
  readonly active: boolean;
  /**
   * The presale has a minimum raise: the commission waits in the presale's escrow, is claimed
   * with the presale named (`buildClaimCommissionInstruction({ ..., presale })`) once the sale
   * succeeded, and is void if it fails. False on version-1 records.
   */
  readonly commissionInEscrow: boolean;
  /** Lamports bought through the code. */
  readonly volumeLamports: bigint;
  readonly buys: bigint;
  /** Every commission lamport the code earned (the legacy report's solsEarned). */
  readonly solsEarned: bigint;
  /** Commission already paid to the wallet. */
  readonly solsClaimed: bigint;
  /** Earned and not yet claimed (the legacy report's solsClaimable). */
  readonly solsClaimable: bigint;
}

/** Decodes a leader record account (136 bytes, kind 3). */
export function decodeLeaderRecordAccount(bytes: Uint8Array): LeaderRecordAccount {
  if (bytes.length !== LEADER_RECORD_ACCOUNT_SIZE) {
    throw new PresaleLayoutError(
      `leader record must be ${LEADER_RECORD_ACCOUNT_SIZE} bytes, got ${bytes.length}`,
    );
  }
  const o = LEADER_RECORD_OFFSETS;
  if (bytes[o.kind] !== ACCOUNT_KIND.leaderRecord) {
    throw new PresaleLayoutError(
      `leader record has kind ${String(bytes[o.kind])}, expected ${ACCOUNT_KIND.leaderRecord}`,
    );
  }
  const codeLength = bytes[o.codeLength] ?? 0;
  // Any length the record can hold: a code registered before the 3-character minimum still reads.
  if (codeLength < 1 || codeLength > LEADER_CODE_MAX_LENGTH) {
    throw new PresaleLayoutError(`leader record has a code of ${codeLength} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earned = view.getBigUint64(o.accrued, true);
  const claimed = view.getBigUint64(o.claimed, true);
  return {
    presale: encodeBase58(bytes.subarray(o.presale, o.presale + 32)),
    wallet: encodeBase58(bytes.subarray(o.wallet, o.wallet + 32)),
    code: new TextDecoder().decode(bytes.subarray(o.code, o.code + codeLength)),
    bump: bytes[o.bump] ?? 0,
    version: bytes[o.version] ?? 0,
    active: bytes[o.active] === 1,
    commissionInEscrow: bytes[o.commissionInEscrow] === 1,
    volumeLamports: view.getBigUint64(o.volume, true),
    buys: view.getBigUint64(o.buys, true),
    solsEarned: earned,
    solsClaimed: claimed,
    solsClaimable: earned > claimed ? earned - claimed : 0n,
  };
}
