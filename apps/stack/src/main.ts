// `npm start`: the whole product, offline by default (see the README's "Running it").
import { readFileSync } from 'node:fs';
import { ConfigError } from '@fbt/bff';
import { formatBanner } from './banner';
import { DEFAULT_SITE_DIR } from './paths';
import { buildSite } from './site-build';
import { checkCluster, startStack, StackError, type Stack } from './stack';
import { readStartPlan, StartOptionsError, type StartPlan } from './start-options';

const say = (line: string): void => console.log(`[start] ${line}`);

function readPlan(): StartPlan {
  try {
    return readStartPlan(process.env, process.argv.slice(2), DEFAULT_SITE_DIR);
  } catch (error) {
    if (error instanceof StartOptionsError) {
      say(error.message);
      process.exit(2);
    }
    throw error;
  }
}

function readExtras(file: string): {
  testWallets?: { address: string; sol: string; keypairFile: string }[];
  leaders?: { code: string; wallet: string }[];
} {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { testWallets?: []; leaders?: [] };
  } catch {
    return {};
  }
}

async function main(): Promise<void> {
  const plan = readPlan();
  let stack: Stack | null = null;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (stack === null) {
      say(`${signal} while starting; stopping`);
      process.exit(1);
    }
    say(`${signal}: stopping the BFF (draining websockets), then the chain`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        say(`stop failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  if (plan.external) {
    say(
      `using the cluster at ${plan.stack.cluster?.rpcUrl ?? ''} (SOLANA_RPC_URL); the local chain is not started`,
    );
  } else if (plan.reset) {
    say(`--reset: fresh chain and fresh ledger database (${plan.stack.databasePath ?? ''})`);
  }
  try {
    if (plan.stack.cluster !== undefined) checkCluster(plan.stack.cluster);
  } catch (error) {
    say((error as Error).message);
    process.exit(2);
  }
  if (plan.buildSite) {
    say('building the site (apps/client, Vite, production)');
    await buildSite({ outDir: plan.siteDir });
  } else {
    say('FBT_SKIP_CLIENT_BUILD=1: serving the existing apps/client/dist');
  }
  try {
    stack = await startStack({
      ...plan.stack,
      log: (line) =>
        console.log(
          line.startsWith('localnet: ') ? `[localnet] ${line.slice(10)}` : `[start] ${line}`,
        ),
    });
  } catch (error) {
    if (error instanceof StackError || error instanceof ConfigError) {
      say(
        error instanceof ConfigError
          ? `the BFF refuses to start.\n${error.message}`
          : error.message,
      );
      process.exit(2);
    }
    throw error;
  }
  console.log(formatBanner(stack, readExtras(stack.deploymentFile)));
}

main().catch((error: unknown) => {
  say(`failed: ${(error as Error).message}`);
  process.exit(1);
});
