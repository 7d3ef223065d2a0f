/**
 * The buyers' pages, many at once: posts leader reports to BFF instances over real HTTP and
 * retries each until it is answered 201 (recorded) or 200 (already recorded), the way the site
 * does. Report k goes first to instance k mod n; a connection error (the instance was killed:
 * refused or reset, never an HTTP status) moves it to the next instance; a 5xx or a 409 is
 * retried after a short pause. Every 5xx is kept with its time, so a test can say when they
 * happened; connection errors are only counted.
 */
import type { ChainBuy } from './leader-buys';

/** A 5xx answer seen during the run. */
export interface ServerError {
  readonly at: number;
  readonly status: number;
  readonly code: string;
  readonly instance: string;
}

/** What the reporter saw. */
export interface ReporterStats {
  /** Final answers by status (201 or 200 per finished report). */
  readonly finished: Readonly<Record<number, number>>;
  /** Every answer by status, retries included. */
  readonly answers: Readonly<Record<number, number>>;
  readonly serverErrors: readonly ServerError[];
  /** Requests that got no HTTP answer (connection refused or reset by a killed instance). */
  readonly connectionErrors: number;
  /** Answers a report must never get (4xx other than 409), with their bodies. */
  readonly refused: readonly string[];
  readonly posted: number;
}

/** A BFF the reporter may post to. */
export interface ReportTarget {
  readonly name: string;
  readonly url: string;
}

/** What `/ct` takes: SOL as a decimal string with nine decimals. */
function sol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  return `${whole}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`;
}

/** The request for report k: every fifth one on the legacy `/ct`, the others on the v1 route. */
function requestFor(buy: ChainBuy, k: number): { path: string; body: object } {
  if (k % 5 === 4) {
    return {
      path: '/ct',
      body: {
        txnHASH: buy.signature,
        wallet: buy.wallet,
        leaderCode: buy.leaderCode,
        solsEarned: sol(buy.lamports),
        solsClaimable: sol(buy.lamports / 10n),
        timestamp: Date.now(),
      },
    };
  }
  return {
    path: '/api/v1/leader-reports',
    body: {
      signature: buy.signature,
      wallet: buy.wallet,
      leaderCode: buy.leaderCode,
      lamports: buy.lamports.toString(),
    },
  };
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Posts reports with `concurrency` workers; `drain()` resolves once every report is answered. */
export function createReporter(options: {
  readonly targets: readonly ReportTarget[];
  readonly concurrency: number;
  /** Longest wait for one answer: beyond it the test fails (a hang is a bug). */
  readonly requestTimeoutMs?: number;
}) {
  const queue: { buy: ChainBuy; k: number }[] = [];
  const finished: Record<number, number> = {};
  const answers: Record<number, number> = {};
  const serverErrors: ServerError[] = [];
  const refused: string[] = [];
  let connectionErrors = 0;
  let posted = 0;
  let active = 0;
  let failure: Error | null = null;
  let stopped = false;
  const idle: (() => void)[] = [];

  const postOne = async (buy: ChainBuy, k: number) => {
    const { path, body } = requestFor(buy, k);
    let target = k % options.targets.length;
    for (;;) {
      if (stopped) throw new Error('reporter stopped');
      const instance = options.targets[target] ?? options.targets[0];
      if (instance === undefined) throw new Error('no report targets');
      let response: Response;
      try {
        response = await fetch(`${instance.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.requestTimeoutMs ?? 30_000),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') {
          throw new Error(`${instance.name} did not answer ${path} for ${buy.signature}`, {
            cause: error,
          });
        }
        connectionErrors++;
        target = (target + 1) % options.targets.length;
        await sleep(100);
        continue;
      }
      const text = await response.text().catch(() => null);
      if (text === null) {
        // The instance died while sending the answer: no answer, like a refused connection.
        connectionErrors++;
        target = (target + 1) % options.targets.length;
        continue;
      }
      answers[response.status] = (answers[response.status] ?? 0) + 1;
      if (response.status === 201 || response.status === 200) {
        finished[response.status] = (finished[response.status] ?? 0) + 1;
        return;
      }
      if (response.status >= 500) {
        const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '?';
        serverErrors.push({
          at: Date.now(),
          status: response.status,
          code,
          instance: instance.name,
        });
        await sleep(200);
        continue;
      }
      if (response.status === 409) {
        await sleep(200);
        continue;
      }
      refused.push(`${response.status} ${path} ${buy.signature}: ${text}`);
      return;
    }
  };

  const pump = () => {
    while (failure === null && active < options.concurrency && queue.length > 0) {
      const next = queue.shift();
      if (next === undefined) break;
      active++;
      posted++;
      postOne(next.buy, next.k)
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => {
          active--;
          pump();
          if (active === 0 && (queue.length === 0 || failure !== null)) {
            for (const resolve of idle.splice(0)) resolve();
          }
        });
    }
  };

  let count = 0;
  return {
    /** Queues reports of these buys. */
    post(buys: readonly ChainBuy[]) {
      for (const buy of buys) queue.push({ buy, k: count++ });
      pump();
    },
    /** Resolves once every queued report is finished; rejects with the first hang. */
    async drain(): Promise<void> {
      if (active > 0 || (queue.length > 0 && failure === null)) {
        await new Promise<void>((resolve) => idle.push(resolve));
      }
      if (failure !== null) throw failure;
    },
    /** Ends every retry loop (a test that failed elsewhere). */
    stop() {
      stopped = true;
      queue.length = 0;
    },
    stats(): ReporterStats {
      return { finished, answers, serverErrors, connectionErrors, refused, posted };
    },
  };
}
