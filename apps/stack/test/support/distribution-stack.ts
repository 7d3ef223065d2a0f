import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployment, PresaleVariant } from '@fbt/domain';
import { TOKEN_PRICE_LAMPORTS } from '@fbt/domain';
import { createPresale, runCli } from '@fbt/operator';
import type { DeliveryTerms, PresaleLimits } from '@fbt/presale-client';
import { decodePresaleAccount, fetchBuyerRecord, type PresaleAccount } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { startStack, type Stack } from '../../src/stack';
import { startBuyStack, type BuyStack } from './buy-stack';
import { startRpcGate, type RpcGate } from './rpc-gate';

const SOL = 1_000_000_000n;
export const DAY = 86_400;

/**
 * The three presales of the distribution suite, on one local chain:
 * - `public`: at completion, 25% unlocked at completion, a 7-day cliff, 30 days of vesting,
 *   100 SOL (the public page's target), up to 100 SOL a wallet, no minimum raise;
 * - `private`: at completion, everything at completion, a 10 SOL minimum raise, 50 SOL in all,
 *   its window closing an hour after the suite starts;
 * - `leader`: instant, as presales were before delivery modes.
 */
export const DISTRIBUTION_PRESALES = {
  public: {
    limits: { minUserBuyable: SOL / 10n, maxUserBuyable: 100n * SOL, maxTotalBuyable: 100n * SOL },
    terms: {
      mode: 'at-completion',
      vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 7 * DAY, vestingSeconds: 30 * DAY },
    },
    windowSeconds: 90 * DAY,
  },
  private: {
    limits: { minUserBuyable: SOL / 10n, maxUserBuyable: 5n * SOL, maxTotalBuyable: 50n * SOL },
    terms: { mode: 'at-completion', minimumRaise: 10n * SOL },
    windowSeconds: 3_600,
  },
  leader: {
    limits: { minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL, maxTotalBuyable: 800n * SOL },
    terms: undefined,
    windowSeconds: 0,
  },
} as const satisfies Record<
  PresaleVariant,
  { limits: PresaleLimits; terms: DeliveryTerms | undefined; windowSeconds: number }
>;

/**
 * The whole product over presales of each delivery mode: a local chain seeded as `npm start`
 * seeds it (`startBuyStack`), three presales created on it by the seeded seller with the terms
 * of {@link DISTRIBUTION_PRESALES}, and a second BFF serving the site over a deployment naming
 * them (`startStack` with that chain as its cluster), its keeper finalizing and distributing
 * them with a fee payer of its own as their accounts change, its vesting rounds 30 days apart
 * (at completion, the cliff, the end). The BFF reaches the chain's JSON-RPC through a gate
 * (`startRpcGate`) that can hold its transactions, so a suite sees the states the keeper only
 * passes through.
 */
export interface DistributionStack {
  /** The site over the three presales, e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  /** The chain, the seeded wallets and the faucet. */
  readonly chain: BuyStack;
  readonly connection: BuyStack['connection'];
  readonly site: Stack;
  readonly deployment: Deployment;
  presaleAddress(variant: PresaleVariant): PublicKey;
  readPresale(variant: PresaleVariant): Promise<PresaleAccount>;
  /** FBT base units `owner`'s associated account holds. */
  fbtBalance(owner: PublicKey): Promise<bigint>;
  /** The buyer record of `owner` (null once refunded and closed). */
  buyerRecord(variant: PresaleVariant, owner: PublicKey): ReturnType<typeof fetchBuyerRecord>;
  /** The chain's time moves `seconds` ahead; returns its new unix time. */
  advanceClock(seconds: number): number;
  /** The chain's unix time now. */
  chainTime(): number;
  /** Holds (or lets through) the transactions of the site's BFF: its keeper's, its `/rpc`'s. */
  readonly gate: RpcGate;
  /** Runs an operator CLI command (`finalize`, `distribute`, …) over this deployment. */
  operatorCli(args: readonly string[]): Promise<string[]>;
  stop(): Promise<void>;
}

/** Creates the suite's three presales as the seeded seller and writes their deployment file. */
async function createSuitePresales(
  chain: BuyStack,
  file: string,
  rpcUrl: string,
): Promise<Deployment> {
  const now = BigInt(chain.localnet.chain.blockTime());
  const presales = {} as Record<PresaleVariant, { address: string }>;
  for (const variant of ['public', 'private', 'leader'] as const) {
    const spec = DISTRIBUTION_PRESALES[variant];
    const created = await createPresale({
      connection: chain.connection,
      programId: new PublicKey(chain.deployment.programId),
      seller: chain.operator,
      mint: new PublicKey(chain.deployment.mint),
      tokenPrice: TOKEN_PRICE_LAMPORTS,
      limits: spec.limits,
      ...(spec.terms === undefined ? {} : { terms: spec.terms }),
      ...(spec.windowSeconds === 0
        ? {}
        : { window: { start: 0n, end: now + BigInt(spec.windowSeconds) } }),
    });
    presales[variant] = { address: created.presale.toBase58() };
  }
  const deployment: Deployment = {
    cluster: 'localnet',
    rpcUrl,
    wsUrl: chain.localnet.wsUrl,
    programId: chain.deployment.programId,
    mint: chain.deployment.mint,
    privateRouteName: 'private',
    presales,
  };
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
  return deployment;
}

/** Starts the {@link DistributionStack}, serving `distDir`. */
export async function startDistributionStack(distDir: string): Promise<DistributionStack> {
  const chain = await startBuyStack(distDir);
  const dir = mkdtempSync(path.join(tmpdir(), 'fbt-distribution-'));
  const deploymentFile = path.join(dir, 'deployment.json');
  const keeperFile = path.join(dir, 'keeper.json');
  let gate: RpcGate | undefined;
  let site: Stack;
  let deployment: Deployment;
  try {
    gate = await startRpcGate(chain.localnet.rpcUrl);
    deployment = await createSuitePresales(chain, deploymentFile, gate.url);
    const keeper = await chain.fundedWallet(10);
    writeFileSync(keeperFile, JSON.stringify([...keeper.secretKey]));
    site = await startStack({
      cluster: { rpcUrl: gate.url, wsUrl: chain.localnet.wsUrl, deploymentFile },
      dataDir: dir,
      siteDir: distDir,
      bff: {
        logger: false,
        env: {
          ...TEST_SITE_ENV,
          KEEPER_KEYPAIR: keeperFile,
          // Each presale is looked at when its account changes (a buy, a claim, a Finalize);
          // the periodic look, which would race the page's Claim, comes after the suite.
          KEEPER_INTERVAL_MS: '3600000',
          KEEPER_VESTING_ROUND_MS: String(30 * DAY * 1000),
        },
      },
    });
  } catch (error) {
    await gate?.stop();
    await chain.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const rpcGate = gate;
  const programId = new PublicKey(deployment.programId);
  const presaleAddress = (variant: PresaleVariant) =>
    new PublicKey(deployment.presales[variant].address);
  // The seeded seller signs the operator's commands (anyone may finalize and distribute).
  const operatorFile = path.join(dir, 'operator.json');
  writeFileSync(operatorFile, JSON.stringify([...chain.operator.secretKey]));
  return {
    url: site.url,
    chain,
    connection: chain.connection,
    site,
    deployment,
    presaleAddress,
    async readPresale(variant) {
      const info = await chain.connection.getAccountInfo(presaleAddress(variant), 'confirmed');
      if (info === null) throw new Error(`presale ${variant} missing`);
      return decodePresaleAccount(info.data);
    },
    fbtBalance: (owner) => chain.fbtBalance(owner),
    buyerRecord: (variant, owner) =>
      fetchBuyerRecord(chain.connection, programId, presaleAddress(variant), owner),
    advanceClock: (seconds) => chain.localnet.chain.advanceClock(seconds),
    gate: rpcGate,
    chainTime: () => chain.localnet.chain.blockTime(),
    async operatorCli(args) {
      const out: string[] = [];
      const code = await runCli(
        [
          ...args,
          '--keypair',
          operatorFile,
          '--deployment',
          deploymentFile,
          '--url',
          chain.localnet.rpcUrl,
          '--ws-url',
          chain.localnet.wsUrl,
        ],
        { stdout: (line) => out.push(line), stderr: (line) => out.push(line), env: {} },
      );
      if (code !== 0) {
        throw new Error(`fbt-operator ${args.join(' ')} exited ${code}:\n${out.join('\n')}`);
      }
      return out;
    },
    async stop() {
      await rpcGate.stop();
      await site.stop();
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The BFF settings of the buy suites: nothing throttles a test, pushes carry the changes. */
const TEST_SITE_ENV = {
  PRESALE_REFRESH_MS: '60000',
  PRICE_REFRESH_MS: '300000',
  GOALS_REFRESH_MS: '300000',
  RECONCILE_INTERVAL_MS: '0',
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_WRITE_MAX: '10000',
  RPC_RATE_LIMIT_MAX: '100000',
  STREAM_MAX_CLIENTS: '100',
  STREAM_MAX_CLIENTS_PER_IP: '100',
} as const;
