import {
  decodeBuyerRecord,
  decodePresaleState,
  encodeBase58,
  PRESALE_STATE_SIZE,
  type BuyerRecord,
  type PresaleState,
} from '@fbt/domain';

import {
  decodeDeliveryFields,
  PRESALE_ACCOUNT_SIZE,
  PRESALE_V2_ACCOUNT_SIZE,
  PresaleLayoutError,
  type PresaleDeliveryFields,
} from './delivery-layout';

export {
  PRESALE_ACCOUNT_SIZE,
  PRESALE_DELIVERY_OFFSETS,
  PRESALE_V2_ACCOUNT_SIZE,
  PresaleLayoutError,
  type PresaleDeliveryFields,
} from './delivery-layout';

/** Size of a version-1 presale account (no window, allowlist, pending seller or leaders). */
export const PRESALE_V1_ACCOUNT_SIZE = 192;
/** Size of a buyer record account, version 2 (its first 8 bytes are fbtBuyedAmount). */
export const BUYER_RECORD_ACCOUNT_SIZE = 96;
/** Size of a version-1 buyer record (no tokensDelivered). */
export const BUYER_RECORD_V1_ACCOUNT_SIZE = 88;

/** Offsets of the fields after the base layout (mirrors c/presale.h). */
export const PRESALE_EXTRA_OFFSETS = {
  kind: PRESALE_STATE_SIZE,
  version: 107,
  authorityBump: 108,
  decimals: 109,
  mint: 112,
  authority: 144,
  tokensSold: 176,
  buyerCount: 184,
  saleStart: 192,
  saleEnd: 200,
  allowlistRoot: 208,
  pendingSeller: 240,
  leaderCount: 272,
  leaderCommission: 280,
} as const;

/** Offsets inside a buyer record (mirrors c/presale.h). */
export const BUYER_RECORD_OFFSETS = {
  lamportsSpent: 0,
  presale: 8,
  buyer: 40,
  kind: 72,
  version: 74,
  tokensReceived: 80,
  tokensDelivered: 88,
} as const;

/** Account kind tags the program writes. */
export const ACCOUNT_KIND = { presale: 1, buyerRecord: 2, leaderRecord: 3 } as const;

/**
 * A decoded presale account: the base layout's state plus the program's own fields (an
 * account older than version 3 reads as an instant presale: `INSTANT_DELIVERY_FIELDS`).
 */
export interface PresaleAccount extends PresaleState, PresaleDeliveryFields {
  readonly version: number;
  readonly authorityBump: number;
  readonly decimals: number;
  /** FBT mint (base58). */
  readonly mint: string;
  /** PDA that owns the temp token account (base58). */
  readonly authority: string;
  /** FBT base units bought so far (instant: delivered in the buys; else see tokensDelivered). */
  readonly tokensSold: bigint;
  /** Distinct buyers (buyer records created). */
  readonly buyerCount: bigint;
  /** Sale window in unix seconds: buys from `saleStart` (0 = no start) until before `saleEnd` (0 = no end). */
  readonly saleStart: bigint;
  readonly saleEnd: bigint;
  /** True when only allowlisted wallets may buy (a Merkle root is set). */
  readonly hasAllowlist: boolean;
  /** The allowlist's Merkle root (hex), or `null` for an open sale. */
  readonly allowlistRoot: string | null;
  /** Proposed new seller (base58) waiting for AcceptSeller, or `null`. */
  readonly pendingSeller: string | null;
  /** Leader records registered for this presale. */
  readonly leaderCount: bigint;
  /** Commission lamports buys credited to leader records (paid to the records, or escrowed). */
  readonly leaderCommission: bigint;
}

/** A decoded buyer record. `fbtBuyedAmount` is lamports spent (its name since the first layout). */
export interface BuyerRecordAccount extends BuyerRecord {
  readonly presale: string;
  readonly buyer: string;
  /** Layout version: 3 since records sit at their seeded address (byte 73, a bump before, is reserved). */
  readonly version: number;
  /** FBT base units bought (instant: received in the buy; at completion: owed until delivered). */
  readonly tokensReceived: bigint;
  /** At completion: FBT base units Distribute and Claim delivered so far (0n for version 1). */
  readonly tokensDelivered: bigint;
}

const key = (bytes: Uint8Array, offset: number): string =>
  encodeBase58(bytes.subarray(offset, offset + 32));

const isZero = (bytes: Uint8Array): boolean => bytes.every((byte) => byte === 0);

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Decodes a presale state account. The first 106 bytes go through the domain's
 * `decodePresaleState`; an account that was never initialized decodes with
 * `isInitialized: false` and empty extras.
 *
 * @example decodePresaleAccount(accountInfo.data).currentTotalSold
 */
export function decodePresaleAccount(bytes: Uint8Array): PresaleAccount {
  const sizes = [PRESALE_ACCOUNT_SIZE, PRESALE_V2_ACCOUNT_SIZE, PRESALE_V1_ACCOUNT_SIZE];
  if (!sizes.includes(bytes.length)) {
    throw new PresaleLayoutError(
      `presale account must be ${PRESALE_ACCOUNT_SIZE} (or ${PRESALE_V2_ACCOUNT_SIZE}, ${PRESALE_V1_ACCOUNT_SIZE}) bytes, got ${bytes.length}`,
    );
  }
  const state = decodePresaleState(bytes);
  const kind = bytes[PRESALE_EXTRA_OFFSETS.kind];
  if (state.isInitialized && kind !== ACCOUNT_KIND.presale) {
    throw new PresaleLayoutError(
      `presale account has kind ${String(kind)}, expected ${ACCOUNT_KIND.presale}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = PRESALE_EXTRA_OFFSETS;
  return {
    ...state,
    version: bytes[o.version] ?? 0,
    authorityBump: bytes[o.authorityBump] ?? 0,
    decimals: bytes[o.decimals] ?? 0,
    mint: key(bytes, o.mint),
    authority: key(bytes, o.authority),
    tokensSold: view.getBigUint64(o.tokensSold, true),
    buyerCount: view.getBigUint64(o.buyerCount, true),
    ...decodeVersion2Fields(bytes, view),
    ...decodeDeliveryFields(bytes),
  };
}

type Version2Fields = Pick<
  PresaleAccount,
  | 'saleStart'
  | 'saleEnd'
  | 'hasAllowlist'
  | 'allowlistRoot'
  | 'pendingSeller'
  | 'leaderCount'
  | 'leaderCommission'
>;

/** The fields layout version 2 appended (zero / none on a version-1 account). */
function decodeVersion2Fields(bytes: Uint8Array, view: DataView): Version2Fields {
  if (bytes.length < PRESALE_V2_ACCOUNT_SIZE) {
    return {
      saleStart: 0n,
      saleEnd: 0n,
      hasAllowlist: false,
      allowlistRoot: null,
      pendingSeller: null,
      leaderCount: 0n,
      leaderCommission: 0n,
    };
  }
  const o = PRESALE_EXTRA_OFFSETS;
  const root = bytes.subarray(o.allowlistRoot, o.allowlistRoot + 32);
  const pending = bytes.subarray(o.pendingSeller, o.pendingSeller + 32);
  return {
    saleStart: view.getBigInt64(o.saleStart, true),
    saleEnd: view.getBigInt64(o.saleEnd, true),
    hasAllowlist: !isZero(root),
    allowlistRoot: isZero(root) ? null : hex(root),
    pendingSeller: isZero(pending) ? null : encodeBase58(pending),
    leaderCount: view.getBigUint64(o.leaderCount, true),
    leaderCommission: view.getBigUint64(o.leaderCommission, true),
  };
}

/**
 * Decodes a buyer record account (96 bytes, or 88 for version 1); its first 8 bytes go through
 * the domain's `decodeBuyerRecord`.
 */
export function decodeBuyerRecordAccount(bytes: Uint8Array): BuyerRecordAccount {
  if (bytes.length !== BUYER_RECORD_ACCOUNT_SIZE && bytes.length !== BUYER_RECORD_V1_ACCOUNT_SIZE) {
    throw new PresaleLayoutError(
      `buyer record must be ${BUYER_RECORD_ACCOUNT_SIZE} (or ${BUYER_RECORD_V1_ACCOUNT_SIZE}) bytes, got ${bytes.length}`,
    );
  }
  const o = BUYER_RECORD_OFFSETS;
  if (bytes[o.kind] !== ACCOUNT_KIND.buyerRecord) {
    throw new PresaleLayoutError(
      `buyer record has kind ${String(bytes[o.kind])}, expected ${ACCOUNT_KIND.buyerRecord}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...decodeBuyerRecord(bytes),
    presale: key(bytes, o.presale),
    buyer: key(bytes, o.buyer),
    version: bytes[o.version] ?? 0,
    tokensReceived: view.getBigUint64(o.tokensReceived, true),
    tokensDelivered:
      bytes.length === BUYER_RECORD_ACCOUNT_SIZE ? view.getBigUint64(o.tokensDelivered, true) : 0n,
  };
}
