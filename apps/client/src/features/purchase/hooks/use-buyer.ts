import type { PresaleVariant } from '@fbt/domain';
import { useAllowlistStanding } from '../api/allowlist-proof';
import { useBoughtLamports } from '../api/get-bought-amount';
import { usePurchaseSession } from './purchase-session';

/**
 * The buyer of the purchase box: the connected wallet and its purchase (from the wallet code
 * once it has loaded; idle until then), what it already bought on this presale (0 without a
 * wallet) and, on an allowlisted presale, its standing on the list with its proof once listed.
 */
export function useBuyer(variant: PresaleVariant, allowlisted: boolean) {
  const { address, purchase } = usePurchaseSession();
  const bought = useBoughtLamports({ variant, wallet: address });
  const standing = useAllowlistStanding({ variant, wallet: address, allowlisted });
  return {
    address,
    purchase,
    bought,
    boughtLamports: address !== null ? (bought.data ?? 0n) : 0n,
    standing,
    // Send waits for the list's yes on an allowlisted presale: the program refuses anyone else.
    listedProof: allowlisted && standing.data?.listed === true ? standing.data.proof : undefined,
  };
}

/** What {@link useBuyer} knows. */
export type Buyer = ReturnType<typeof useBuyer>;
