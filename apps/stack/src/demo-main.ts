// `npm run demo:distribution`: watch a whole sale complete and distribute on a local chain.
import { formatSol } from '@fbt/domain';
import { runDistributionDemo } from './distribution-demo';
import type { Stack } from './stack';

const USAGE = 'usage: npm run demo:distribution [-- --buyers <10-1000>] [--keep]';
const say = (line: string): void => console.log(`[demo] ${line}`);

function readArgs(args: readonly string[]): { buyers: number; keep: boolean } {
  let buyers = 200;
  let keep = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--keep') keep = true;
    else if (arg === '--buyers' && /^\d+$/.test(args[i + 1] ?? '')) buyers = Number(args[++i]);
    else {
      say(`bad argument ${JSON.stringify(arg)}; ${USAGE}`);
      process.exit(2);
    }
  }
  if (buyers < 10 || buyers > 1_000) {
    say(`--buyers must be 10 to 1,000 (each buys 100 SOL / buyers, 0.1 to 10 SOL); ${USAGE}`);
    process.exit(2);
  }
  return { buyers, keep };
}

async function main(): Promise<void> {
  const { buyers, keep } = readArgs(process.argv.slice(2));
  say('starting a throwaway local chain and the BFF (free ports, a temporary directory)');
  let stack: Stack | null = null;
  const stop = () => {
    void (stack === null ? Promise.resolve() : stack.stop()).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const result = await runDistributionDemo({ buyers, log: say });
  stack = result.stack;
  const fees = result.feeLamports - result.tableRentLamports;
  const tables =
    result.tableTransactions === 0
      ? ''
      : ` and ${result.tableTransactions} to build the sale's buyer tables (${formatSol(result.tableRentLamports)} SOL of rent they hold until the keeper closes them)`;
  say(
    `the keeper sent Finalize, ${result.distributeTransactions} Distribute transactions${tables}, for ${formatSol(fees)} SOL in fees`,
  );
  if (keep) {
    say(
      `the site stays up at ${stack.url} (its built pages, if apps/client/dist exists); Ctrl-C stops`,
    );
    return;
  }
  await stack.stop();
}

main().catch((error: unknown) => {
  say(`failed: ${(error as Error).message}`);
  process.exit(1);
});
