import type { PresaleVariant } from '@fbt/domain';
import { preparePurchase, type PreparedPurchase } from '@fbt/purchase';
import { PublicKey, type Connection } from '@solana/web3.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { mintTokenProgramQuery } from '../../../lib/mint-token-program';
import { useSiteConfig } from '../../../lib/use-site-config';

/** Read-ahead data is renewed this often while the box shows a connected wallet. */
const REFRESH_MS = 15_000;

/**
 * Reads what a purchase needs from the chain (blockhash, the buyer's token account of the mint's
 * token program, priority
 * fees, the deployment's lookup table) as soon as the purchase box has a connected wallet, and again every 15 s while the page
 * is visible, so the click goes straight to the simulation. The mint's token program comes from
 * the page's shared query (read once per page load, joined while in flight). Returns the latest
 * data (or undefined) and a `refresh` to call after a purchase. A failed read only means the
 * purchase reads it itself.
 */
export function useReadAhead(
  connection: Connection,
  variant: PresaleVariant | undefined,
  buyer: PublicKey | null,
): { readonly latest: () => PreparedPurchase | undefined; readonly refresh: () => void } {
  const config = useSiteConfig();
  const presale = config.data?.variants.find((entry) => entry.variant === variant)?.presale;
  const mint = config.data?.mint;
  const lookupTable = config.data?.lookupTable;
  const queryClient = useQueryClient();
  const buyerAddress = buyer?.toBase58();
  const prepared = useRef<PreparedPurchase | undefined>(undefined);
  const generation = useRef(0);

  const refresh = useCallback(() => {
    if (presale === undefined || mint === undefined || buyerAddress === undefined) return;
    const mine = ++generation.current;
    queryClient
      .fetchQuery(mintTokenProgramQuery(connection, mint))
      .then((tokenProgram) =>
        preparePurchase(connection, {
          buyer: new PublicKey(buyerAddress),
          presale: new PublicKey(presale),
          mint: new PublicKey(mint),
          tokenProgram: new PublicKey(tokenProgram),
          ...(lookupTable === undefined ? {} : { lookupTable: new PublicKey(lookupTable) }),
        }),
      )
      .then(
        (result) => {
          if (mine === generation.current) prepared.current = result;
        },
        (error: unknown) => console.warn('purchase read-ahead failed:', error),
      );
  }, [connection, queryClient, presale, mint, lookupTable, buyerAddress]);

  useEffect(() => {
    prepared.current = undefined;
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REFRESH_MS);
    return () => {
      generation.current++;
      clearInterval(timer);
    };
  }, [refresh]);

  const latest = useCallback(() => prepared.current, []);
  return useMemo(() => ({ latest, refresh }), [latest, refresh]);
}
