import type { ConfigResponse, PresaleVariant } from '@fbt/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { presaleDelivery, usePresale } from '../../../lib/presale-api';
import { useNow } from '../../../lib/use-now';
import { useSiteConfig } from '../../../lib/use-site-config';
import { boughtQueryKey, useBuyerTokens } from '../api/get-bought-amount';
import { yourFbtView, type YourFbtView } from '../lib/your-fbt';
import type { DeliveryTarget } from './purchase-session';

/** What the "Your FBT" panel needs: its view now, the presale to name and the site config. */
export interface YourFbt {
  readonly view: YourFbtView;
  /** The presale's accounts for Claim and Refund, once known. */
  readonly target: DeliveryTarget | null;
  readonly config: ConfigResponse | undefined;
  /** Unix seconds by the page's clock (a vesting step at or before it has passed). */
  readonly nowSeconds: number;
}

/**
 * The connected wallet's FBT on the page's presale: its buyer record (from the BFF) against the
 * presale's delivery (the query the box keeps live from the stream), evaluated every second
 * while something vests. Each delivery or refund the stream reports (the presale's delivered
 * or refunded totals move, its status changes) reads the wallet's record again, so FBT the
 * distribution delivers show without any click.
 */
export function useYourFbt(variant: PresaleVariant, wallet: string | null): YourFbt {
  const presale = usePresale(variant).data;
  const config = useSiteConfig().data;
  const tokens = useBuyerTokens({ variant, wallet });
  const delivery = presale === undefined ? undefined : presaleDelivery(presale);
  const vesting =
    delivery?.status === 'succeeded' && delivery.vesting.vestingSeconds > 0 && wallet !== null;
  const now = useNow(1_000, vesting || (presale?.window.end ?? null) !== null);
  const nowSeconds = Math.floor(now / 1000);

  const queryClient = useQueryClient();
  const moved =
    delivery === undefined
      ? null
      : `${delivery.status}:${delivery.tokensDelivered}:${delivery.buyersRefunded}`;
  const seen = useRef(moved);
  useEffect(() => {
    if (moved === seen.current) return;
    seen.current = moved;
    if (wallet !== null)
      void queryClient.invalidateQueries({ queryKey: boughtQueryKey(variant, wallet) });
  }, [moved, wallet, variant, queryClient]);

  const end = presale?.window.end ?? null;
  const view =
    delivery === undefined || wallet === null
      ? ({ kind: 'none' } as const)
      : yourFbtView({
          delivery,
          tokens: tokens.data,
          nowSeconds,
          saleEnd: end,
          raised: presale === undefined ? 0n : BigInt(presale.state.currentTotalSold),
        });
  const target =
    presale === undefined || config === undefined
      ? null
      : {
          programId: config.programId,
          presale: presale.address,
          mint: config.mint,
          tempTokenAccount: presale.state.tempTokenAccountPubkey,
        };
  return { view, target, config, nowSeconds };
}
