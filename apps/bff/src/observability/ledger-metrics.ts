import type { LedgerStats, LeaderLedger } from '@fbt/domain';
import type { MetricsRegistry, Sample } from './metrics';

const LAMPORTS_PER_SOL = 1_000_000_000n;

/** SOL as a float: whole SOL and the lamport remainder converted apart, so rounding is last-digit. */
export function lamportsToSol(lamports: bigint): number {
  return Number(lamports / LAMPORTS_PER_SOL) + Number(lamports % LAMPORTS_PER_SOL) / 1e9;
}

/** The lamports as a sample, or none when a float64 could not hold them exactly. */
function exactLamports(lamports: bigint): Sample[] {
  return lamports <= BigInt(Number.MAX_SAFE_INTEGER) ? [{ value: Number(lamports) }] : [];
}

/**
 * The leader ledger's totals, read once per scrape (the gauges share one `getStats` call; a
 * failing ledger leaves them out and is logged). Amounts come two ways, because a Prometheus
 * sample is a float64: `fbt_ledger_sol` / `fbt_ledger_commission_sol` for dashboards (float
 * SOL, always there), and `fbt_ledger_lamports` / `fbt_ledger_commission_lamports` as exact
 * integers, exported only while a float64 holds them exactly (up to 2^53 - 1 lamports, about
 * 9 million SOL); beyond that they are left out rather than rounded, and said once in the log.
 * The exact figures always stay in the ledger (leaderboard, operator CLI).
 */
export function registerLedgerMetrics(
  metrics: MetricsRegistry,
  ledger: Pick<LeaderLedger, 'getStats'>,
  log: { warn(object: object, message: string): void },
): void {
  let inFlight: Promise<LedgerStats | null> | null = null;
  let saidTooLarge = false;
  const stats = (): Promise<LedgerStats | null> => {
    inFlight ??= ledger
      .getStats()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'ledger stats unavailable');
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const lamports = (pick: (stats: LedgerStats) => bigint) => async (): Promise<Sample[]> => {
    const current = await stats();
    if (current === null) return [];
    const samples = exactLamports(pick(current));
    if (samples.length === 0 && !saidTooLarge) {
      saidTooLarge = true;
      log.warn({}, 'ledger lamports exceed 2^53: exact lamport gauges left out, SOL gauges kept');
    }
    return samples;
  };
  const read = (pick: (stats: LedgerStats) => number) => async (): Promise<Sample[]> => {
    const current = await stats();
    return current === null ? [] : [{ value: pick(current) }];
  };

  metrics.gauge(
    'fbt_ledger_leaders',
    'Leaders in the ledger (indexed from their on-chain records, and earlier history).',
    read((s) => s.leaders),
  );
  metrics.gauge(
    'fbt_ledger_buys',
    'Verified leader buys recorded.',
    read((s) => s.buys),
  );
  metrics.gauge(
    'fbt_ledger_sol',
    'SOL of recorded leader buys (float; exact lamports in fbt_ledger_lamports).',
    read((s) => lamportsToSol(s.totalLamports)),
  );
  metrics.gauge(
    'fbt_ledger_commission_sol',
    'Commission owed to leaders in SOL (float; exact in fbt_ledger_commission_lamports).',
    read((s) => lamportsToSol(s.commissionLamports)),
  );
  metrics.gauge(
    'fbt_ledger_lamports',
    'Lamports of recorded leader buys (exact; absent above 2^53).',
    lamports((s) => s.totalLamports),
  );
  metrics.gauge(
    'fbt_ledger_commission_lamports',
    'Commission owed to leaders in lamports (exact; absent above 2^53).',
    lamports((s) => s.commissionLamports),
  );
}
