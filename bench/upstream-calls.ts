/**
 * Upstream calls per minute of two BFF instances behind Redis, with 1 visitor and with 1,000.
 *
 * Starts the multi-instance set-up of the BFF's tests (`@fbt/bff/testing/cluster/fleet`): a real
 * local chain, PostgreSQL, Redis, and two BFF processes whose chain reads go through a counting
 * JSON-RPC proxy. Then counts the chain calls for one window with a single visitor and for one
 * window with 1,000 visitors spread over both instances (each a websocket subscribed to the six
 * stream topics, reading a route every 5 s: the presale, price and goals, the leaderboard, a
 * leader code, and the leader earnings of a new random wallet or of a returning one). Prints
 * both as calls per minute of this run, by JSON-RPC method, and their ratio (goal <= 1.1:
 * visitors and instances must not add upstream calls).
 *
 * Time is compressed: the instances re-read the presales and the leader records every 1 s (60 s
 * by default) and run the reconciler every 2 s (60 s by default), so each 20 s window holds the
 * polling of 20 to 60 minutes at the default intervals. Per-minute figures are of this compressed schedule; the
 * ratio is what carries over. `BENCH_WINDOW_MS` changes the window (default 20000).
 *
 * Run: npm run upstream-calls -w @fbt/bench
 */
import { Keypair } from '@solana/web3.js';
import { startFleet } from '@fbt/bff/testing/cluster/fleet';
import { startVisitors } from '@fbt/bff/testing/cluster/visitors';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 20_000);
const CROWD = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function perMinute(calls: number): string {
  return ((calls * 60_000) / WINDOW_MS).toFixed(1);
}

async function main(): Promise<void> {
  console.log('starting a local chain, PostgreSQL, Redis and two BFF processes…');
  const fleet = await startFleet({
    count: 2,
    leaderWallet: Keypair.generate().publicKey.toBase58(),
  });
  try {
    const { poller } = await fleet.roles();
    console.log(`ready; ${poller.id} holds the upstream lease`);
    const measure = async (visitors: number) => {
      const crowd = await startVisitors(fleet.instances, visitors);
      const before = fleet.proxy.byMethod();
      await sleep(WINDOW_MS);
      const after = fleet.proxy.byMethod();
      const byMethod = Object.fromEntries(
        Object.entries(after).map(([method, n]) => [method, n - (before[method] ?? 0)]),
      );
      const calls = Object.values(byMethod).reduce((sum, n) => sum + n, 0);
      const requests = crowd.requests();
      const messages = crowd.messages();
      await crowd.stop();
      return { calls, byMethod, requests, messages };
    };
    const one = await measure(1);
    const many = await measure(CROWD);
    const ratio = one.calls === 0 ? Number.NaN : many.calls / one.calls;
    console.log('');
    console.log(`window ${WINDOW_MS / 1000} s, 2 instances, chain calls counted at the RPC proxy`);
    console.log(
      `  1 visitor       ${String(one.calls).padStart(5)} calls  (${perMinute(one.calls)}/min)  ${one.requests.ok} HTTP reads, ${one.messages} stream messages`,
    );
    console.log(
      `  ${CROWD} visitors  ${String(many.calls).padStart(5)} calls  (${perMinute(many.calls)}/min)  ${many.requests.ok} HTTP reads (${many.requests.failed} failed), ${many.messages} stream messages`,
    );
    console.log(
      `  ratio ${CROWD} visitors / 1 visitor: ${ratio.toFixed(3)} (goal <= 1.1) ${ratio <= 1.1 ? 'ok' : 'OVER'}`,
    );
    console.log(`  1 visitor, by method:       ${JSON.stringify(one.byMethod)}`);
    console.log(`  ${CROWD} visitors, by method: ${JSON.stringify(many.byMethod)}`);
    console.log(
      `  ${CROWD} visitors' answers by route: ${JSON.stringify(many.requests.okByRoute)}`,
    );
  } finally {
    await fleet.stop();
  }
}

await main();
