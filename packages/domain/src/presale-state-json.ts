import type { PresaleStateJson } from './api-schemas';
import type { PresaleState } from './presale-state';

/*
 * The presale state's JSON form and back. Apart from the schemas on purpose (only a type comes
 * from there): the site converts states on its first paint of a presale page, and the schemas
 * module builds every zod schema when it is evaluated, which the site does only when it first
 * validates an answer.
 */

/** Converts a decoded state to its JSON form (bigints as decimal strings). */
export function presaleStateToJson(state: PresaleState): PresaleStateJson {
  return {
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    tokenPrice: state.tokenPrice.toString(),
    maxUserBuyable: state.maxUserBuyable.toString(),
    minUserBuyable: state.minUserBuyable.toString(),
    maxTotalBuyable: state.maxTotalBuyable.toString(),
    currentTotalSold: state.currentTotalSold.toString(),
  };
}

/** Converts the JSON form back to a state with bigints. */
export function presaleStateFromJson(json: PresaleStateJson): PresaleState {
  return {
    isInitialized: json.isInitialized,
    isActived: json.isActived,
    sellerPubkey: json.sellerPubkey,
    tempTokenAccountPubkey: json.tempTokenAccountPubkey,
    tokenPrice: BigInt(json.tokenPrice),
    maxUserBuyable: BigInt(json.maxUserBuyable),
    minUserBuyable: BigInt(json.minUserBuyable),
    maxTotalBuyable: BigInt(json.maxTotalBuyable),
    currentTotalSold: BigInt(json.currentTotalSold),
  };
}
