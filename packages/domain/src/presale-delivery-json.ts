import type { PresaleDeliveryJson } from './api-schemas';
import type { PresaleDelivery } from './presale-delivery';

/*
 * The delivery's JSON form and back, apart from the schemas for the same reason as the presale
 * state's (`presale-state-json.ts`): the site converts on its first paint, before it loads zod.
 */

/** The JSON form of a presale's delivery, with the presale's buyer count ("N of M"). */
export function presaleDeliveryToJson(
  delivery: PresaleDelivery,
  buyerCount: bigint,
): PresaleDeliveryJson {
  return {
    mode: delivery.mode,
    status: delivery.status,
    minimumRaiseLamports: delivery.minimumRaise.toString(),
    vesting: { ...delivery.vesting },
    completedAt: delivery.completedAt,
    tokensOwed: delivery.tokensOwed.toString(),
    tokensDelivered: delivery.tokensDelivered.toString(),
    buyerCount: buyerCount.toString(),
    buyersDelivered: delivery.buyersDelivered.toString(),
    buyersRefunded: delivery.buyersRefunded.toString(),
  };
}

/** A presale's delivery with bigints, and its buyer count. */
export interface PresaleDeliveryView extends PresaleDelivery {
  readonly buyerCount: bigint;
}

/** Converts the JSON form back, with bigints. */
export function presaleDeliveryFromJson(json: PresaleDeliveryJson): PresaleDeliveryView {
  return {
    mode: json.mode,
    status: json.status,
    minimumRaise: BigInt(json.minimumRaiseLamports),
    vesting: { ...json.vesting },
    completedAt: json.completedAt,
    tokensOwed: BigInt(json.tokensOwed),
    tokensDelivered: BigInt(json.tokensDelivered),
    buyerCount: BigInt(json.buyerCount),
    buyersDelivered: BigInt(json.buyersDelivered),
    buyersRefunded: BigInt(json.buyersRefunded),
  };
}
