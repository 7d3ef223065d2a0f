import { PRESALE_VARIANTS, type PresaleSnapshot, type PresaleVariant } from '@fbt/domain';
import type { CachedEntry } from '../cache/refreshing-resource';
import { lamportsToSol } from './ledger-metrics';
import type { MetricsRegistry, Sample } from './metrics';

/** What the sales series read of one presale's cache. */
export interface PresaleSource {
  current(): CachedEntry<PresaleSnapshot> | null;
  /** Called with every change of the cached value (read here or taken from the lease holder). */
  subscribe(listener: (entry: CachedEntry<PresaleSnapshot>) => void): () => void;
}

/**
 * The sales of each presale, labelled `variant` (public, private, leader: three series at
 * most), from the cached presale accounts, so every replica exports the same figures (the
 * others take the lease holder's reads):
 *
 * - `fbt_presale_raised_sol`: SOL taken so far (the account's `currentTotalSold`, as a float);
 * - `fbt_presale_buyers`: wallets that bought (the program's buyer records);
 * - `fbt_presale_leader_commission_sol`: SOL its buys paid to leader records;
 * - `fbt_presale_buys_total`: buys seen, one per new value whose total sold passes the highest
 *   seen before on this instance. Buys confirmed in the same slot reach the cache as one value
 *   and count once, so it is a lower bound; the first value after a start counts none.
 *
 * A presale without a value yet has no sample; an account without the version-2 counts has no
 * buyers or commission sample (never a made-up 0).
 */
export function registerPresaleMetrics(
  metrics: MetricsRegistry,
  presales: Readonly<Record<PresaleVariant, PresaleSource>>,
): void {
  const each = (read: (snapshot: PresaleSnapshot) => number | null): (() => readonly Sample[]) => {
    return () =>
      PRESALE_VARIANTS.flatMap((variant) => {
        const snapshot = presales[variant].current()?.value;
        const value = snapshot === undefined ? null : read(snapshot);
        return value === null ? [] : [{ labels: { variant }, value }];
      });
  };
  metrics.gauge(
    'fbt_presale_raised_sol',
    'SOL taken by the presale so far (its account, as a float).',
    each((snapshot) => lamportsToSol(snapshot.state.currentTotalSold)),
  );
  metrics.gauge(
    'fbt_presale_buyers',
    'Wallets that bought on the presale (buyer records the program created).',
    each((snapshot) => (snapshot.totals === undefined ? null : Number(snapshot.totals.buyerCount))),
  );
  metrics.gauge(
    'fbt_presale_leader_commission_sol',
    "SOL the presale's buys paid to leader records (as a float).",
    each((snapshot) =>
      snapshot.totals === undefined ? null : lamportsToSol(snapshot.totals.leaderCommission),
    ),
  );

  const buys = metrics.counter(
    'fbt_presale_buys_total',
    'Buys seen on the presale: new values whose total sold passed the highest seen (buys in one slot count once).',
    ['variant'],
  );
  for (const variant of PRESALE_VARIANTS) {
    buys.inc({ variant }, 0);
    let highest = presales[variant].current()?.value.state.currentTotalSold ?? null;
    presales[variant].subscribe((entry) => {
      const sold = entry.value.state.currentTotalSold;
      if (highest !== null && sold > highest) buys.inc({ variant });
      if (highest === null || sold > highest) highest = sold;
    });
  }
}
