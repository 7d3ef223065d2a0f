import { DISTRIBUTION_PHASES, PRESALE_VARIANTS } from '@fbt/domain';
import type { MetricsRegistry } from '../observability/metrics';
import type { DistributionCache, KeeperMetrics } from '../services/distribution-keeper';

/** `fbt_keeper_transactions_total{kind,outcome}` and `fbt_keeper_fees_lamports_total`. */
export function keeperMetrics(metrics: MetricsRegistry): KeeperMetrics {
  const transactions = metrics.counter(
    'fbt_keeper_transactions_total',
    "The keeper's transactions (finalize, distribute, refund, table: a buyer lookup table created, extended, deactivated or closed) by outcome (confirmed, failed).",
    ['kind', 'outcome'],
  );
  const fees = metrics.counter(
    'fbt_keeper_fees_lamports_total',
    "Lamports the keeper's fee payer paid in fees for confirmed transactions.",
  );
  return {
    transaction: (kind, outcome) => transactions.inc({ kind, outcome }),
    fees: (lamports) => fees.inc({}, Number(lamports)),
  };
}

/**
 * The keeper's gauges, read at scrape time: its fee payer (usable, balance, underfunded) on
 * the instance that runs it, and each presale's phase and buyers on every instance.
 */
export function registerKeeperGauges(metrics: MetricsRegistry, cache: DistributionCache): void {
  const feePayer = () => cache.keeper?.feePayer() ?? null;
  metrics.gauge(
    'fbt_keeper_fee_payer_usable',
    '1 when KEEPER_KEYPAIR gives a fee payer the keeper signs with (set, readable, no seller).',
    () => [{ value: feePayer()?.problem === null ? 1 : 0 }],
  );
  metrics.gauge(
    'fbt_keeper_fee_payer_balance_lamports',
    "The keeper's fee payer balance (once read, on the instance that runs the keeper).",
    () => {
      const balance = feePayer()?.balanceLamports ?? null;
      return balance === null ? [] : [{ value: Number(balance) }];
    },
  );
  metrics.gauge(
    'fbt_keeper_underfunded',
    "1 when the keeper's fee payer holds less than KEEPER_MIN_BALANCE_SOL.",
    () => [{ value: feePayer()?.underfunded === true ? 1 : 0 }],
  );
  metrics.gauge(
    'fbt_keeper_table_rent_lamports',
    "Lamports the keeper's buyer lookup tables hold (rent, returned as each is closed).",
    () => {
      const rent = feePayer()?.tableRentLamports ?? null;
      return rent === null ? [] : [{ value: Number(rent) }];
    },
  );
  metrics.gauge(
    'fbt_distribution_phase',
    "Each presale's delivery phase (1 = the current one).",
    () =>
      PRESALE_VARIANTS.flatMap((variant) => {
        const phase = cache.resources[variant].current()?.value.phase;
        return phase === undefined
          ? []
          : DISTRIBUTION_PHASES.map((candidate) => ({
              labels: { variant, phase: candidate },
              value: candidate === phase ? 1 : 0,
            }));
      }),
  );
  metrics.gauge(
    'fbt_distribution_buyers',
    "Each presale's buyers: all, served (every FBT unlocked so far), delivered, unreachable, refunded.",
    () =>
      PRESALE_VARIANTS.flatMap((variant) => {
        const status = cache.resources[variant].current()?.value;
        if (status === undefined) return [];
        return [
          ['all', status.buyers],
          ['served', status.buyersServed],
          ['delivered', status.buyersDelivered],
          ['unreachable', status.buyersUnreachable],
          ['refunded', status.buyersRefunded],
        ].map(([count, value]) => ({
          labels: { variant, count: String(count) },
          value: Number(value),
        }));
      }),
  );
}

/**
 * The keeper in `/readyz`: its fee payer (address, balance, the minimum, why it does not sign)
 * on the instance that runs it, and each presale's phase, "N of M" and the keeper's last look.
 */
export function keeperDetail(cache: DistributionCache) {
  const feePayer = cache.keeper?.feePayer() ?? null;
  return {
    feePayer: feePayer?.address ?? null,
    problem: feePayer === null ? 'no keeper ports' : feePayer.problem,
    balanceLamports: feePayer?.balanceLamports?.toString() ?? null,
    minBalanceLamports: feePayer?.minBalanceLamports.toString() ?? null,
    underfunded: feePayer?.underfunded ?? false,
    tableRentLamports: feePayer?.tableRentLamports?.toString() ?? null,
    tablesUnderfunded: feePayer?.tablesUnderfunded ?? false,
    presales: Object.fromEntries(
      PRESALE_VARIANTS.map((variant) => {
        const entry = cache.resources[variant].current();
        const view = cache.keeper?.view(variant);
        return [
          variant,
          entry === null
            ? null
            : {
                phase: entry.value.phase,
                buyersServed: Number(entry.value.buyersServed),
                buyers: Number(entry.value.buyers),
                buyersUnreachable: Number(entry.value.buyersUnreachable),
                keeperActive: entry.value.keeperActive,
                lastRunAt:
                  view?.lastRunAt === null || view === undefined
                    ? null
                    : new Date(view.lastRunAt).toISOString(),
                lastError: view?.lastError ?? null,
              },
        ];
      }),
    ),
  };
}
