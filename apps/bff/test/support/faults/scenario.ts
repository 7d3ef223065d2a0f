/**
 * One run of the fault scenario: buyers are funded, leader buys are made on chain wave after
 * wave, and as each wave is confirmed its reports are posted (all but every `skipEvery`-th
 * buy, which only the reconciler can record) while the faults run. Resolves once every buy is
 * made, every posted report answered 201/200 and every fault done.
 */
import type { SeededChain } from '../chain-fixture';
import { runFaults, type Fault, type FaultWindow } from './chaos';
import { fundBuyers, makeLeaderBuys, type ChainBuy } from './leader-buys';
import { createReporter, type ReporterStats, type ReportTarget } from './reporter';

/** What a run did, for the checks and the figures. */
export interface ScenarioResult {
  readonly buys: readonly ChainBuy[];
  /** Signatures of buys never reported. */
  readonly unreported: ReadonlySet<string>;
  readonly stats: ReporterStats;
  readonly faults: readonly FaultWindow[];
  /** Milliseconds spent making the buys (while reports were posted). */
  readonly buyMs: number;
  /** When the first buy was sent (ms since the epoch). */
  readonly startedAt: number;
  /** Milliseconds from the first buy to the last answer and fault. */
  readonly runMs: number;
}

/** Runs the scenario; on any failure the reporter is stopped before rethrowing. */
export async function runScenario(options: {
  readonly chain: SeededChain;
  readonly targets: readonly ReportTarget[];
  readonly codes: readonly string[];
  readonly buyers: number;
  readonly perBuyer: number;
  readonly skipEvery: number;
  readonly faults: readonly Fault[];
}): Promise<ScenarioResult> {
  const buyers = await fundBuyers(options.chain, options.buyers, 5);
  const total = options.buyers * options.perBuyer;
  const toReport = total - Math.floor(total / options.skipEvery);
  const reporter = createReporter({ targets: options.targets, concurrency: 8 });
  const unreported = new Set<string>();
  let made = 0;
  const progress = () => {
    const { finished } = reporter.stats();
    return ((finished[200] ?? 0) + (finished[201] ?? 0)) / toReport;
  };
  const started = Date.now();
  let buyMs = 0;
  try {
    const [buys, faults] = await Promise.all([
      makeLeaderBuys(options.chain, {
        buyers,
        codes: options.codes,
        perBuyer: options.perBuyer,
        onConfirmed: (wave) => {
          const post: ChainBuy[] = [];
          for (const buy of wave) {
            made++;
            if (made % options.skipEvery === 0) unreported.add(buy.signature);
            else post.push(buy);
          }
          reporter.post(post);
        },
      }).then(async (buys) => {
        buyMs = Date.now() - started;
        await reporter.drain();
        return buys;
      }),
      runFaults(options.faults, progress),
    ]);
    return {
      buys,
      unreported,
      stats: reporter.stats(),
      faults,
      buyMs,
      startedAt: started,
      runMs: Date.now() - started,
    };
  } catch (error) {
    reporter.stop();
    throw error;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The figures of a run, in one line for the test output. */
export function describeRun(label: string, result: ScenarioResult, kills: number): string {
  const { stats } = result;
  return [
    `${label}: N=${result.buys.length} buys (${result.unreported.size} never reported)`,
    `buys made in ${seconds(result.buyMs)}, run ${seconds(result.runMs)}`,
    `kills=${kills}`,
    `answers=${JSON.stringify(stats.answers)}`,
    `5xx=${stats.serverErrors.length}`,
    `connection errors=${stats.connectionErrors}`,
    `faults=${result.faults.map((f) => `${f.name}@${seconds(f.start - result.startedAt)}+${seconds(f.end - f.start)}`).join(', ')}`,
  ].join('; ');
}
