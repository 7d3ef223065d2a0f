import { PRESALE_DELIVERY_FIELD_OFFSETS, PRESALE_V3_ACCOUNT_SIZE } from '@fbt/domain';
import {
  DELIVERY_MODE_CODES,
  NO_VESTING,
  SALE_STATUSES,
  type DeliveryMode,
  type SaleStatus,
} from './delivery-terms';

/** Size of a presale account of layout version 3 (the one the program accepts). */
export const PRESALE_ACCOUNT_SIZE = PRESALE_V3_ACCOUNT_SIZE;
/** Size of a version-2 presale account (no delivery terms: an instant presale). */
export const PRESALE_V2_ACCOUNT_SIZE = 288;

/** Offsets of the fields layout version 3 appended: the domain's table (mirrors c/presale.h). */
export const PRESALE_DELIVERY_OFFSETS = PRESALE_DELIVERY_FIELD_OFFSETS;

/** How and when a presale's FBT reach its buyers, and where its SOL stands (version 3). */
export interface PresaleDeliveryFields {
  readonly deliveryMode: DeliveryMode;
  /** `open` until an at-completion sale sells out (`sold-out`) or is finalized. */
  readonly status: SaleStatus;
  /** Lamports the sale must reach (its SOL waits in escrow until then); 0n = none. */
  readonly minimumRaise: bigint;
  readonly unlockedAtCompletionBps: number;
  readonly cliffSeconds: number;
  readonly vestingSeconds: number;
  /** Unix seconds the vesting starts from: when it sold out, else its window's end; 0n before. */
  readonly completedAt: bigint;
  /** FBT base units bought and not yet delivered (they stay in the vault). */
  readonly tokensOwed: bigint;
  /** FBT base units Distribute and Claim moved to buyers. */
  readonly tokensDelivered: bigint;
  /** Lamports in escrow on the presale account. */
  readonly escrowLamports: bigint;
  readonly refundedLamports: bigint;
  readonly proceedsWithdrawn: bigint;
  /** Buyer records whose FBT were all delivered ("N of buyerCount"). */
  readonly buyersDelivered: bigint;
  /** Buyer records refunded and closed. */
  readonly buyersRefunded: bigint;
}

/** What an account older than version 3 means: an instant presale, open, nothing escrowed. */
export const INSTANT_DELIVERY_FIELDS: PresaleDeliveryFields = Object.freeze({
  deliveryMode: 'instant',
  status: 'open',
  minimumRaise: 0n,
  ...NO_VESTING,
  completedAt: 0n,
  tokensOwed: 0n,
  tokensDelivered: 0n,
  escrowLamports: 0n,
  refundedLamports: 0n,
  proceedsWithdrawn: 0n,
  buyersDelivered: 0n,
  buyersRefunded: 0n,
});

/** Thrown when bytes are not the account they are decoded as. */
export class PresaleLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PresaleLayoutError';
  }
}

function deliveryMode(code: number | undefined): DeliveryMode {
  const mode = (Object.keys(DELIVERY_MODE_CODES) as DeliveryMode[]).find(
    (name) => DELIVERY_MODE_CODES[name] === code,
  );
  if (mode === undefined) throw new PresaleLayoutError(`unknown delivery mode ${String(code)}`);
  return mode;
}

function saleStatus(code: number | undefined): SaleStatus {
  const status = code === undefined ? undefined : SALE_STATUSES[code];
  if (status === undefined) throw new PresaleLayoutError(`unknown sale status ${String(code)}`);
  return status;
}

/** The version-3 fields of a presale account ({@link INSTANT_DELIVERY_FIELDS} when older). */
export function decodeDeliveryFields(bytes: Uint8Array): PresaleDeliveryFields {
  if (bytes.length < PRESALE_ACCOUNT_SIZE) return INSTANT_DELIVERY_FIELDS;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = PRESALE_DELIVERY_OFFSETS;
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  return {
    deliveryMode: deliveryMode(bytes[o.deliveryMode]),
    status: saleStatus(bytes[o.status]),
    minimumRaise: u64(o.minimumRaise),
    unlockedAtCompletionBps: view.getUint16(o.unlockedAtCompletionBps, true),
    cliffSeconds: view.getUint32(o.cliffSeconds, true),
    vestingSeconds: view.getUint32(o.vestingSeconds, true),
    completedAt: view.getBigInt64(o.completedAt, true),
    tokensOwed: u64(o.tokensOwed),
    tokensDelivered: u64(o.tokensDelivered),
    escrowLamports: u64(o.escrowLamports),
    refundedLamports: u64(o.refundedLamports),
    proceedsWithdrawn: u64(o.proceedsWithdrawn),
    buyersDelivered: u64(o.buyersDelivered),
    buyersRefunded: u64(o.buyersRefunded),
  };
}
