import type {
  ConfigResponse,
  PresaleDeliveryView,
  PresaleState,
  PresaleVariant,
} from '@fbt/domain';
import type { ShownSaleEnd } from '@fbt/presale-client';
import { presaleDelivery } from '../../../lib/presale-api';
import { useNow } from '../../../lib/use-now';
import { useSiteConfig } from '../../../lib/use-site-config';
import { usePresaleState } from '../api/get-presale-state';
import { usePresaleStream } from '../api/presale-stream';
import { saleWindowPhase, type SalePhase } from '../lib/sale-window';

/** The sale as the purchase box sees it: the presale, its rules and where its window stands. */
export interface Sale {
  readonly config: ConfigResponse | undefined;
  /** The page's presale account, once the config has arrived. */
  readonly presaleAddress: string | undefined;
  readonly state: PresaleState | undefined;
  /** How and when the FBT reach buyers, and the sale's outcome at completion. */
  readonly delivery: PresaleDeliveryView | undefined;
  /**
   * How the sale delivers and when it ends, as the page shows them: a buy names that end as the
   * latest it accepts, so a seller who moves it later after the page read it cannot take the
   * buy (at completion).
   */
  readonly shownEnd: ShownSaleEnd | undefined;
  /** Only the allowlist's wallets buy. */
  readonly allowlisted: boolean;
  /** The window's phase now, by the browser's clock (ticking each second while it has bounds). */
  readonly timing: SalePhase;
  /** The presale could not be read. */
  readonly loadError: Error | null;
}

/**
 * The page's presale, kept live (its HTTP read and the stream), with the config's addresses and
 * the sale window's phase, re-evaluated every second only when the window has a start or an end.
 */
export function useSale(variant: PresaleVariant): Sale {
  const config = useSiteConfig();
  const presale = usePresaleState(variant);
  usePresaleStream(variant);
  const saleWindow = presale.response?.window;
  const now = useNow(
    1_000,
    saleWindow !== undefined && (saleWindow.start !== null || saleWindow.end !== null),
  );
  const delivery = presale.response === undefined ? undefined : presaleDelivery(presale.response);
  return {
    config: config.data,
    presaleAddress: config.data?.variants.find((entry) => entry.variant === variant)?.presale,
    state: presale.state,
    delivery,
    shownEnd:
      delivery === undefined || saleWindow === undefined
        ? undefined
        : { deliveryMode: delivery.mode, saleEnd: saleWindow.end },
    allowlisted: presale.response?.allowlisted === true,
    timing: saleWindowPhase(saleWindow, now),
    loadError: presale.error,
  };
}
