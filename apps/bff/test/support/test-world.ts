/**
 * In-memory stand-ins for every port the BFF uses (chain, price, social counts) plus an in-memory
 * SQLite ledger, steerable from a test: the BFF's own tests and the site's browser tests run the
 * real app over them. Test tooling only: import from `@fbt/bff/testing`.
 */
import type { FastifyInstance } from 'fastify';
import { createSqliteLeaderLedger } from '@fbt/adapters';
import { randomAddress } from '@fbt/adapters/testing';
import type {
  BuyerRecord,
  CommunityCount,
  Deployment,
  LeaderLedger,
  ObservedTransaction,
  OnChainLeaderRecord,
  PresaleSnapshot,
  PresaleState,
  PythPrice,
} from '@fbt/domain';
import { INITIAL_PRESALE_STATE, OPEN_SALE_RULES } from '@fbt/domain';
import { INSTANT_DELIVERY_FIELDS } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { buildApp, type AppDeps, type AppSettings } from '../../src/app';
import type { KeeperDeps } from '../../src/app-deps';
import { createManualScheduler, type ManualScheduler } from '../../src/cache/scheduler';
import { readPresaleIdl } from '../../src/presale-idl';

/** A mutable clock tests move by hand. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(start = Date.UTC(2026, 10, 21, 12, 0, 0)): TestClock {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

export const SOL = 1_000_000_000n;

export function presaleState(overrides: Partial<PresaleState> = {}): PresaleState {
  return {
    ...INITIAL_PRESALE_STATE,
    isInitialized: true,
    isActived: true,
    sellerPubkey: randomAddress(),
    tempTokenAccountPubkey: randomAddress(),
    tokenPrice: 50_000n,
    minUserBuyable: SOL / 10n,
    maxUserBuyable: 10n * SOL,
    maxTotalBuyable: 500n * SOL,
    currentTotalSold: 25n * SOL,
    ...overrides,
  };
}

/** In-memory stand-ins for the chain/price/social ports, steerable from a test. */
export interface TestWorld {
  deployment: Deployment;
  clock: TestClock;
  scheduler: ManualScheduler;
  presales: Map<string, PresaleSnapshot>;
  buyers: Map<string, BuyerRecord>;
  watchers: Map<string, (snapshot: PresaleSnapshot) => void>;
  transactions: Map<string, ObservedTransaction>;
  /** Leader records on the (fake) chain, by record address. */
  leaderRecords: Map<string, OnChainLeaderRecord>;
  /** Each watched leader record's push callback (only an instance that polls watches). */
  /** The leader-record watch of each presale (the program subscription's stand-in). */
  recordWatchers: Map<string, (address: string, record: OnChainLeaderRecord | null) => void>;
  chainDown: boolean;
  price: { quote: PythPrice | null; calls: number };
  counts: { telegram: CommunityCount | Error; twitter: CommunityCount | Error; calls: number };
  ledger: LeaderLedger;
  rpcCalls: number;
}

/** A local deployment with fresh random program, mint and presale addresses. */
export function createTestDeployment(): Deployment {
  return {
    cluster: 'localnet',
    rpcUrl: 'http://127.0.0.1:1',
    programId: randomAddress(),
    mint: randomAddress(),
    privateRouteName: 'mammamia-vip',
    presales: {
      public: { address: randomAddress() },
      private: { address: randomAddress() },
      leader: { address: randomAddress() },
    },
  };
}

export function createTestWorld(): TestWorld {
  const clock = createTestClock();
  const deployment = createTestDeployment();
  const presales = new Map<string, PresaleSnapshot>();
  presales.set(deployment.presales.public.address, {
    address: deployment.presales.public.address,
    slot: 100,
    state: presaleState(),
    rules: OPEN_SALE_RULES,
  });
  presales.set(deployment.presales.private.address, {
    address: deployment.presales.private.address,
    slot: 100,
    state: presaleState({ maxTotalBuyable: 200n * SOL, currentTotalSold: 50n * SOL }),
    rules: OPEN_SALE_RULES,
  });
  presales.set(deployment.presales.leader.address, {
    address: deployment.presales.leader.address,
    slot: 100,
    state: presaleState({ currentTotalSold: 0n }),
    rules: OPEN_SALE_RULES,
  });
  return {
    deployment,
    clock,
    scheduler: createManualScheduler(),
    presales,
    buyers: new Map(),
    watchers: new Map(),
    transactions: new Map(),
    leaderRecords: new Map(),
    recordWatchers: new Map(),
    chainDown: false,
    price: {
      quote: {
        price: 14_237_512_345n,
        expo: -8,
        conf: 7_512_345n,
        publishTime: clock.now() / 1000,
      },
      calls: 0,
    },
    counts: {
      telegram: { count: 1200, source: 'operator' },
      twitter: { count: 5300, source: 'operator' },
      calls: 0,
    },
    ledger: createSqliteLeaderLedger({ path: ':memory:', clock }),
    rpcCalls: 0,
  };
}

export const TEST_SETTINGS: AppSettings = {
  presaleRefreshMs: 60_000,
  priceRefreshMs: 30_000,
  goalsRefreshMs: 300_000,
  reconcileIntervalMs: 0,
  leaderReportRetryDelaysMs: [],
  corsOrigins: [],
  rateLimitMax: 10_000,
  rateLimitWriteMax: 1_000,
  rpcRateLimitMax: 1_000,
  streamHeartbeatMs: 25_000,
  streamMaxBufferBytes: 1_048_576,
  streamMaxClients: 100,
  streamMaxClientsPerAddress: 50,
  publicLinks: { whitepaper: 'https://example.org/fbt-whitepaper.pdf' },
  publicRpcUrl: null,
  clientDist: null,
  trustProxy: false,
};

/**
 * The keeper's ports over the world's presales: each reads as the instant presale a test
 * world's snapshot is (nothing to finalize or distribute), and no fee payer is configured.
 * Keeper tests with sales at completion use their own chain (`src/services/*.test.ts`) or the
 * local chain.
 */
export function keeperFor(world: TestWorld): KeeperDeps {
  const down = () => Promise.reject(new Error('RPC__ERROR (operation: test, reason: chain down)'));
  const refuse = () => Promise.reject(new Error('the test world sends no transaction'));
  return {
    chain: {
      readPresale: (address) => {
        const snapshot = world.presales.get(address);
        if (world.chainDown || snapshot === undefined) return down();
        return Promise.resolve({
          ...snapshot.state,
          ...INSTANT_DELIVERY_FIELDS,
          address: new PublicKey(address),
          version: 3,
          authorityBump: 255,
          decimals: 6,
          mint: world.deployment.mint,
          authority: address,
          tokensSold: 0n,
          buyerCount: 0n,
          saleStart: BigInt(snapshot.rules.saleStart ?? 0),
          saleEnd: BigInt(snapshot.rules.saleEnd ?? 0),
          hasAllowlist: snapshot.rules.allowlistRoot !== null,
          allowlistRoot: snapshot.rules.allowlistRoot,
          pendingSeller: null,
          leaderCount: snapshot.rules.leaderCount,
          leaderCommission: 0n,
        });
      },
      chainTime: () => Promise.resolve(BigInt(Math.floor(world.clock.now() / 1000))),
      balance: () => Promise.resolve(0n),
      listBuyerRecords: () => Promise.resolve([]),
      finalize: refuse,
      planDistribution: refuse,
      sendDistribution: refuse,
      listBuyerTables: () => Promise.resolve([]),
      extendBuyerTables: refuse,
      retireBuyerTables: refuse,
      planRefunds: refuse,
      sendRefunds: refuse,
      rentExemption: () => Promise.resolve(0n),
    },
    feePayer: () => ({
      problem: 'KEEPER_KEYPAIR is not set, so this BFF has no keeper fee payer',
      unset: true,
    }),
    minBalanceLamports: SOL / 20n,
    intervalMs: 30_000,
    vestingRoundMs: 86_400_000,
  };
}

/** Wires a test world into buildApp. Verifier and RPC upstream may be replaced. */
export function depsFor(world: TestWorld, overrides: Partial<AppDeps> = {}): AppDeps {
  const fail = () => new Error('RPC__ERROR (operation: test, reason: chain down)');
  return {
    settings: TEST_SETTINGS,
    deployment: world.deployment,
    clock: world.clock,
    scheduler: world.scheduler,
    presaleReader: {
      readPresaleState: (address) => {
        world.rpcCalls++;
        if (world.chainDown) return Promise.reject(fail());
        return Promise.resolve(world.presales.get(address) ?? null);
      },
      watchPresaleState: (address, onChange) => {
        world.watchers.set(address, onChange);
        return () => world.watchers.delete(address);
      },
    },
    buyerReader: {
      readBuyerRecord: (presale, wallet) => {
        world.rpcCalls++;
        if (world.chainDown) return Promise.reject(new Error('chain down'));
        return Promise.resolve(world.buyers.get(`${presale}:${wallet}`) ?? null);
      },
    },
    priceSource: {
      getSolUsd: () => {
        world.price.calls++;
        return world.price.quote === null
          ? Promise.reject(new Error('UPSTREAM__HTTP_STATUS (upstream: pyth, status: 500)'))
          : Promise.resolve(world.price.quote);
      },
    },
    counters: {
      getCount: (community) => {
        world.counts.calls++;
        const value = world.counts[community];
        return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
      },
    },
    ledger: world.ledger,
    verifier: {
      observeTransaction: (signature) =>
        world.chainDown
          ? Promise.reject(new Error('chain down'))
          : Promise.resolve(world.transactions.get(signature) ?? { status: 'not-found' }),
      listRecentSignatures: (_address, limit, page = {}) => {
        const newestFirst = [...world.transactions].reverse().map(([signature, observed]) => ({
          signature,
          slot: observed.status === 'found' ? observed.slot : 0,
        }));
        const at = (signature: string) => newestFirst.findIndex((e) => e.signature === signature);
        const start = page.before === undefined ? 0 : at(page.before) + 1;
        const until = page.until === undefined ? -1 : at(page.until);
        const end = until < 0 ? newestFirst.length : until;
        return Promise.resolve(newestFirst.slice(start, Math.min(start + limit, end)));
      },
    },
    leaderRecords: {
      watchLeaderRecords: (presale, onChange) => {
        world.recordWatchers.set(presale, onChange);
        return () => world.recordWatchers.delete(presale);
      },
      readLeaderRecordAt: (address) =>
        world.chainDown
          ? Promise.reject(fail())
          : Promise.resolve(world.leaderRecords.get(address) ?? null),
      readLeaderRecord: (presale, code) =>
        world.chainDown
          ? Promise.reject(fail())
          : Promise.resolve(
              [...world.leaderRecords.values()].find(
                (record) => record.presale === presale && record.code === code,
              ) ?? null,
            ),
      listLeaderRecords: (presale, filter = {}) =>
        world.chainDown
          ? Promise.reject(fail())
          : Promise.resolve(
              [...world.leaderRecords.values()]
                .filter(
                  (record) =>
                    record.presale === presale &&
                    (filter.wallet === undefined || record.wallet === filter.wallet),
                )
                .sort((a, b) => (a.code < b.code ? -1 : 1)),
            ),
    },
    rpcUpstreamUrl: 'http://127.0.0.1:1/',
    presaleIdl: readPresaleIdl(),
    logger: false,
    keeper: keeperFor(world),
    ...overrides,
  };
}

/** Builds and readies the app; background loads have settled when it resolves. */
export async function startApp(
  world: TestWorld,
  overrides: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(depsFor(world, overrides));
  await app.ready();
  await settle();
  return app;
}

/** Lets pending promise callbacks run (background refreshes are promise chains, not timers). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}
