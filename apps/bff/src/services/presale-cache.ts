import type {
  Clock,
  PresaleResponse,
  PresaleSnapshot,
  PresaleStateReader,
  PresaleVariant,
} from '@fbt/domain';
import {
  computePresaleTarget,
  computeProgress,
  deliveryOf,
  isSoldOut,
  PRESALE_VARIANTS,
  presaleDeliveryToJson,
  presaleStateToJson,
} from '@fbt/domain';
import { createRefreshingResource, type RefreshingResource } from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';

/** The snapshot's delivery terms and progress, with its buyer count ("N of M delivered"). */
function deliveryJson(snapshot: PresaleSnapshot) {
  return presaleDeliveryToJson(deliveryOf(snapshot), snapshot.totals?.buyerCount ?? 0n);
}

/** The public answer for one presale snapshot. */
export function toPresaleResponse(
  variant: PresaleVariant,
  snapshot: PresaleSnapshot,
  meta: { fetchedAt: number; stale: boolean },
): PresaleResponse {
  const target = computePresaleTarget(variant, snapshot.state);
  const progress = computeProgress(snapshot.state.currentTotalSold, target);
  return {
    variant,
    address: snapshot.address,
    state: presaleStateToJson(snapshot.state),
    window: { start: snapshot.rules.saleStart, end: snapshot.rules.saleEnd },
    allowlisted: snapshot.rules.allowlistRoot !== null,
    soldOut: isSoldOut(snapshot.state),
    delivery: deliveryJson(snapshot),
    targetLamports: target.toString(),
    progress: {
      fillPercent: progress.fillPercent,
      completed: progress.completed,
      remainingLamports: progress.remaining.toString(),
    },
    fetchedAt: new Date(meta.fetchedAt).toISOString(),
    stale: meta.stale,
  };
}

/** Options of {@link createPresaleCache}. */
export interface PresaleCacheOptions {
  readonly addresses: Readonly<Record<PresaleVariant, string>>;
  readonly reader: PresaleStateReader;
  readonly clock: Clock;
  readonly refreshMs: number;
  /** Beyond this age a presale's value counts as unhealthy. */
  readonly maxAgeMs: number;
  /** The name of a presale's cache (metrics, `/readyz`, the key it is shared under). */
  readonly nameOf: (variant: PresaleVariant) => string;
  readonly onError?: (variant: PresaleVariant, error: unknown) => void;
}

/**
 * The three presale accounts, cached; refreshed on a timer and on chain notifications (a
 * notification also re-reads at once the presales whose last read failed).
 */
export interface PresaleCache {
  readonly resources: Readonly<Record<PresaleVariant, RefreshingResource<PresaleSnapshot>>>;
  /** First read, the periodic refresh and the accountSubscribe watches. Returns a stop function. */
  start(scheduler: Scheduler): () => void;
  /**
   * Called after every push taken (an accountSubscribe notification): the chain answers, so a
   * topic read from it whose last read failed may read again at once.
   */
  onPush(listener: () => void): () => void;
}

/** Creates the {@link PresaleCache}. */
export function createPresaleCache(options: PresaleCacheOptions): PresaleCache {
  const make = (variant: PresaleVariant) =>
    createRefreshingResource<PresaleSnapshot>({
      name: options.nameOf(variant),
      clock: options.clock,
      maxAgeMs: options.maxAgeMs,
      load: async () => {
        const snapshot = await options.reader.readPresaleState(options.addresses[variant]);
        if (snapshot === null) throw new Error(`PRESALE__ACCOUNT_MISSING ${variant}`);
        return snapshot;
      },
      toJson: (snapshot, meta) => toPresaleResponse(variant, snapshot, meta),
      // A new window or allowlist root is a change too (the page shows them), and so is each
      // step of an at-completion sale (completion, its outcome, every delivery and refund).
      keyOf: (snapshot) =>
        JSON.stringify([
          presaleStateToJson(snapshot.state),
          snapshot.rules.saleStart,
          snapshot.rules.saleEnd,
          snapshot.rules.allowlistRoot,
          snapshot.rules.leaderCount.toString(),
          deliveryJson(snapshot),
        ]),
      onRefreshError: (error) => options.onError?.(variant, error),
    });
  const resources = {
    public: make('public'),
    private: make('private'),
    leader: make('leader'),
  };
  const pushListeners = new Set<() => void>();
  /**
   * A pushed value is a fresh read of its account, and it shows the chain answers: the other
   * presales whose last read failed are read again now rather than at their next period.
   */
  const pushed = (variant: PresaleVariant, snapshot: PresaleSnapshot): void => {
    resources[variant].push(snapshot);
    for (const other of PRESALE_VARIANTS) if (other !== variant) resources[other].retryIfFailing();
    for (const listener of [...pushListeners]) listener();
  };
  return {
    resources,
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    start(scheduler) {
      const stops: (() => void)[] = [];
      for (const variant of PRESALE_VARIANTS) {
        const resource = resources[variant];
        void resource.refresh();
        stops.push(scheduler.every(options.refreshMs, () => void resource.refresh()));
        try {
          stops.push(
            options.reader.watchPresaleState(options.addresses[variant], (snapshot) => {
              // Pushes from an older slot than the value we hold would move the page back.
              const current = resource.current();
              if (current !== null && snapshot.slot < current.value.slot) return;
              pushed(variant, snapshot);
            }),
          );
        } catch (error) {
          options.onError?.(variant, error);
        }
      }
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
