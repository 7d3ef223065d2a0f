import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '@fbt/bff';
import { TEST_SETTINGS, createTestWorld, depsFor, settle, type TestWorld } from '@fbt/bff/testing';
import {
  computeLeaderCommission,
  encodeBase58,
  presaleDeliveryFromJson,
  presaleStateFromJson,
  type CommunityCount,
  type PresaleVariant,
} from '@fbt/domain';
import { createFixtures, type SiteFixtures } from './fixtures';

export interface SiteOptions {
  /** Built site to serve (the test run's build, see global-setup.ts). */
  distDir: string;
  /** Override the data the BFF's ports hold (whole top-level fields). */
  fixtures?: Partial<SiteFixtures>;
  /** API paths (without /api/v1) that answer with this HTTP status instead. */
  failing?: Record<string, number>;
  /** Refuse websocket upgrades, to exercise the polling fallback. */
  noStream?: boolean;
  /** Directory served at /content/ (the operator's documents). */
  contentDir?: string;
}

export interface RunningSite {
  /** Base URL of the site, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Every /api/v1 path requested so far. */
  apiRequests: string[];
  /** Changes the community counts and lets the BFF refresh, so it pushes them to the stream. */
  pushGoals(goals: SiteFixtures['goals']): void;
  close(): Promise<void>;
}

const VARIANTS: readonly PresaleVariant[] = ['public', 'private', 'leader'];

function countOf(goal: SiteFixtures['goals']['telegram']): CommunityCount {
  return { count: goal.count, source: goal.source };
}

/** Puts the fixtures into the BFF's in-memory ports: chain accounts, price, counts, ledger. */
async function loadWorld(world: TestWorld, fixtures: SiteFixtures): Promise<void> {
  world.presales.clear();
  for (const variant of VARIANTS) {
    const answer = fixtures.presale[variant];
    const delivery =
      answer.delivery === undefined ? undefined : presaleDeliveryFromJson(answer.delivery);
    world.deployment.presales[variant] = { address: answer.address };
    world.presales.set(answer.address, {
      address: answer.address,
      slot: 100,
      state: presaleStateFromJson(answer.state),
      rules: {
        saleStart: answer.window.start,
        saleEnd: answer.window.end,
        // The fixtures carry no tree: any non-zero root makes the presale read as allowlisted.
        allowlistRoot: answer.allowlisted ? '11'.repeat(32) : null,
        // The leader presale pays its leaders on chain (a record per fixture leader, below).
        leaderCount: variant === 'leader' ? BigInt(fixtures.leaderboard.leaders.length) : 0n,
      },
      ...(delivery === undefined
        ? {}
        : { delivery, totals: { buyerCount: delivery.buyerCount, leaderCommission: 0n } }),
    });
  }
  world.deployment.programId = fixtures.config.programId;
  world.deployment.mint = fixtures.config.mint;
  world.deployment.privateRouteName = fixtures.config.privateRouteName;
  world.deployment.cluster = fixtures.config.cluster;
  world.price.quote = {
    price: BigInt(fixtures.price.price),
    expo: fixtures.price.expo,
    conf: BigInt(fixtures.price.conf),
    publishTime: Math.floor(world.clock.now() / 1000),
  };
  world.counts.telegram = countOf(fixtures.goals.telegram);
  world.counts.twitter = countOf(fixtures.goals.x);

  // The leaderboard comes from real ledger rows: each leader's buys, summing to its totals.
  let n = 0;
  world.leaderRecords.clear();
  for (const leader of fixtures.leaderboard.leaders) {
    const wallet = encodeBase58(new Uint8Array(32).fill(200 + n));
    // Its on-chain record, holding the same totals the ledger rows below add up to, and the
    // ledger's index of it.
    const record = encodeBase58(new Uint8Array(32).fill(150 + n));
    await world.ledger.indexLeader({ code: leader.code, wallet, record });
    world.leaderRecords.set(record, {
      address: record,
      presale: fixtures.presale.leader.address,
      wallet,
      code: leader.code,
      active: true,
      volumeLamports: BigInt(leader.totalLamports),
      buys: BigInt(leader.buys),
      earnedLamports: BigInt(leader.commissionLamports),
      claimedLamports: 0n,
    });
    const total = BigInt(leader.totalLamports);
    // Whole multiples of 10 lamports per buy, so the 10% commissions add up to the fixture's.
    const each = (total / BigInt(leader.buys) / 10n) * 10n;
    for (let i = 0; i < leader.buys; i++) {
      const lamports = i === leader.buys - 1 ? total - each * BigInt(leader.buys - 1) : each;
      await world.ledger.recordBuy({
        signature: encodeBase58(
          Uint8Array.from({ length: 64 }, (_, j) => (j === 0 ? n : j === 1 ? i : 7)),
        ),
        wallet: encodeBase58(new Uint8Array(32).fill(100 + i)),
        leaderCode: leader.code,
        lamports,
        commissionLamports: computeLeaderCommission(lamports),
        record,
        slot: 100 + i,
        blockTime: null,
        source: 'report',
      });
    }
    n++;
  }
}

/**
 * Serves the built site through the real BFF (`buildApp`: its routes, static serving with
 * cache headers and CSP, websocket stream) over in-memory ports holding the fixtures, so the
 * browser tests see exactly what production serves, with data they control.
 */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const { distDir } = options;
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `The site is not built: ${distDir}/index.html is missing (run \`npm run build -w @fbt/client\`).`,
    );
  }
  const fixtures: SiteFixtures = { ...createFixtures(), ...options.fixtures };
  const world = createTestWorld();
  await loadWorld(world, fixtures);

  const app = await buildApp(
    depsFor(world, {
      settings: {
        ...TEST_SETTINGS,
        clientDist: distDir,
        publicLinks: fixtures.config.links,
        siteContent: fixtures.config.content ?? { sample: false, auditFirm: null },
        contentDir: options.contentDir ?? null,
        publicRpcUrl: fixtures.config.explorerRpcUrl,
      },
    }),
  );
  const apiRequests: string[] = [];
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/v1/')) return;
    const apiPath = path.slice('/api/v1'.length);
    apiRequests.push(apiPath);
    if (options.noStream === true && apiPath === '/stream') {
      return reply.code(503).send({ error: { code: 'TEST_NO_STREAM', message: 'no stream' } });
    }
    const failure = options.failing?.[apiPath];
    if (failure !== undefined) {
      return reply
        .code(failure)
        .send({ error: { code: 'TEST_FAILURE', message: 'failing on purpose' } });
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await settle();
  // A stale count is what the BFF serves when a refresh fails after a good read: fail the
  // community's counter and refresh once, so the last good value is kept and flagged.
  const staleCommunities = (['telegram', 'x'] as const).filter((key) => fixtures.goals[key].stale);
  if (staleCommunities.length > 0) {
    for (const key of staleCommunities) {
      world.counts[key === 'x' ? 'twitter' : 'telegram'] = new Error(
        'UPSTREAM__HTTP_STATUS (status: 503)',
      );
    }
    world.scheduler.tick(TEST_SETTINGS.goalsRefreshMs);
    await settle();
  }
  const { port } = app.server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    apiRequests,
    pushGoals(goals) {
      world.counts.telegram = countOf(goals.telegram);
      world.counts.twitter = countOf(goals.x);
      world.scheduler.tick(TEST_SETTINGS.goalsRefreshMs);
    },
    async close() {
      await app.close();
      await world.ledger.close();
    },
  };
}
