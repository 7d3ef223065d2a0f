import { randomAddress } from '@fbt/adapters/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PresaleDelivery, PresaleResponse } from '@fbt/domain';
import {
  buyerResponseSchema,
  configResponseSchema,
  INSTANT_DELIVERY,
  presaleResponseSchema,
} from '@fbt/domain';
import { createTestWorld, settle, SOL, startApp, type TestWorld } from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(
  world = createTestWorld(),
): Promise<{ world: TestWorld; app: FastifyInstance }> {
  app = await startApp(world);
  return { world, app };
}

describe('GET /api/v1/config', () => {
  it('publishes cluster, program, variants with their routes and targets, and links', async () => {
    const { world, app } = await start();
    const response = await app.inject('/api/v1/config');
    expect(response.statusCode).toBe(200);
    const body = configResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      cluster: 'localnet',
      rpcPath: '/rpc',
      programId: world.deployment.programId,
      tokenPriceLamports: '50000',
      fbtDecimals: 6,
      privateRouteName: 'mammamia-vip',
      links: { whitepaper: 'https://example.org/fbt-whitepaper.pdf' },
    });
    expect(body.variants).toEqual([
      {
        variant: 'public',
        route: 'presale',
        presale: world.deployment.presales.public.address,
        displayTargetLamports: (100n * SOL).toString(),
      },
      {
        variant: 'private',
        route: 'mammamia-vip',
        presale: world.deployment.presales.private.address,
        displayTargetLamports: null,
      },
      {
        variant: 'leader',
        route: 'leader',
        presale: world.deployment.presales.leader.address,
        displayTargetLamports: (800n * SOL).toString(),
      },
    ]);
    expect(body.lookupTable).toBeUndefined();
  });

  it('publishes the deployment’s address lookup table when it has one', async () => {
    const world = createTestWorld();
    const lookupTable = randomAddress();
    world.deployment = { ...world.deployment, lookupTable };
    const { app } = await start(world);
    const body = configResponseSchema.parse((await app.inject('/api/v1/config')).json());
    expect(body.lookupTable).toBe(lookupTable);
  });

  it('publishes the delivery terms the deployment declares, for the verify page', async () => {
    const world = createTestWorld();
    const terms = {
      delivery: 'at-completion' as const,
      minimumRaiseLamports: (50n * SOL).toString(),
      unlockedAtCompletionBps: 2_500,
      cliffSeconds: 2_592_000,
      vestingSeconds: 15_552_000,
    };
    world.deployment = {
      ...world.deployment,
      presales: {
        ...world.deployment.presales,
        private: { ...world.deployment.presales.private, terms },
      },
    };
    const { app } = await start(world);
    const body = configResponseSchema.parse((await app.inject('/api/v1/config')).json());
    expect(body.variants.map((entry) => entry.declaredTerms)).toEqual([
      undefined,
      terms,
      undefined,
    ]);
  });
});

describe('GET /api/v1/presales/:variant', () => {
  it.each([
    ['public', 100n * SOL, 25],
    ['private', 200n * SOL, 25],
    ['leader', 800n * SOL, 0],
  ] as const)('%s: decoded state with target %s and progress', async (variant, target, fill) => {
    const { app } = await start();
    const response = await app.inject(`/api/v1/presales/${variant}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = presaleResponseSchema.parse(response.json());
    expect(body.targetLamports).toBe(target.toString());
    expect(body.progress.fillPercent).toBe(fill);
    expect(body.stale).toBe(false);
    expect(body.soldOut).toBe(false);
    expect(body.fetchedAt).toBe('2026-11-21T12:00:00.000Z');
  });

  it('answers 404 with a code for an unknown variant', async () => {
    const { app } = await start();
    const response = await app.inject('/api/v1/presales/vip');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'PRESALE__UNKNOWN_VARIANT',
        message: 'Unknown presale "vip"; use public, private or leader.',
      },
    });
  });

  it('does not call the chain per visitor: 50 reads, one upstream read per presale', async () => {
    const { world, app } = await start();
    const before = world.rpcCalls;
    await Promise.all(Array.from({ length: 50 }, () => app.inject('/api/v1/presales/public')));
    expect(world.rpcCalls).toBe(before);
    expect(before).toBe(3);
  });

  it('keeps the last good value marked stale while the chain is down, then recovers', async () => {
    const { world, app } = await start();
    world.chainDown = true;
    world.scheduler.tick(60_000);
    await settle();
    const stale = presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json());
    expect(stale.stale).toBe(true);
    expect(stale.state.currentTotalSold).toBe((25n * SOL).toString());

    world.chainDown = false;
    world.clock.advance(60_000);
    world.scheduler.tick(60_000);
    await settle();
    const fresh = presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json());
    expect(fresh.stale).toBe(false);
    expect(fresh.fetchedAt).toBe('2026-11-21T12:01:00.000Z');
  });

  it('applies accountSubscribe pushes at once and ignores older slots', async () => {
    const { world, app } = await start();
    const address = world.deployment.presales.public.address;
    const push = world.watchers.get(address);
    const current = world.presales.get(address);
    if (push === undefined || current === undefined) throw new Error('no watcher');
    push({ ...current, slot: 150, state: { ...current.state, currentTotalSold: 99n * SOL } });
    push({ ...current, slot: 120, state: { ...current.state, currentTotalSold: 1n * SOL } });
    const body = presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json());
    expect(body.state.currentTotalSold).toBe((99n * SOL).toString());
    expect(body.progress).toEqual({
      fillPercent: 99,
      completed: false,
      remainingLamports: SOL.toString(),
    });
  });

  it('answers 503 with a code before the chain was ever read', async () => {
    const world = createTestWorld();
    world.chainDown = true;
    const { app } = await start(world);
    const response = await app.inject('/api/v1/presales/leader');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ error: { code: 'PRESALE__UNAVAILABLE' } });
  });
});

describe('GET /api/v1/presales/:variant/buyers/:wallet', () => {
  it('returns bought lamports and the remaining allowance', async () => {
    const world = createTestWorld();
    const wallet = randomAddress();
    world.buyers.set(`${world.deployment.presales.public.address}:${wallet}`, {
      fbtBuyedAmount: 4n * SOL,
    });
    const { app } = await start(world);
    const response = await app.inject(`/api/v1/presales/public/buyers/${wallet}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      variant: 'public',
      wallet,
      boughtLamports: (4n * SOL).toString(),
      remainingLamports: (6n * SOL).toString(),
      userAtMaximum: false,
      tokensBought: '0',
      tokensDelivered: '0',
    });
  });

  it('returns the FBT the wallet bought and, at completion, was delivered so far', async () => {
    const world = createTestWorld();
    const wallet = randomAddress();
    world.buyers.set(`${world.deployment.presales.public.address}:${wallet}`, {
      fbtBuyedAmount: 2n * SOL,
      tokensReceived: 40_000_000_000n,
      tokensDelivered: 10_000_000_000n,
    });
    const { app } = await start(world);
    const body = buyerResponseSchema.parse(
      (await app.inject(`/api/v1/presales/public/buyers/${wallet}`)).json(),
    );
    expect(body).toMatchObject({ tokensBought: '40000000000', tokensDelivered: '10000000000' });
  });

  it('shows a new purchase at once (no time-based cache) and coalesces concurrent reads', async () => {
    const world = createTestWorld();
    const wallet = randomAddress();
    const key = `${world.deployment.presales.public.address}:${wallet}`;
    const { app } = await start(world);
    const before = world.rpcCalls;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject(`/api/v1/presales/public/buyers/${wallet}`)),
    );
    expect(
      answers.map((answer) => answer.json<{ boughtLamports: string }>().boughtLamports),
    ).toEqual(['0', '0', '0', '0', '0']);
    expect(world.rpcCalls - before).toBe(1);
    world.buyers.set(key, { fbtBuyedAmount: SOL });
    const after = await app.inject(`/api/v1/presales/public/buyers/${wallet}`);
    expect(after.json()).toMatchObject({ boughtLamports: SOL.toString() });
  });

  it('treats a wallet without a record as having bought nothing', async () => {
    const { app } = await start();
    const wallet = randomAddress();
    const response = await app.inject(`/api/v1/presales/leader/buyers/${wallet}`);
    expect(response.json()).toMatchObject({
      boughtLamports: '0',
      remainingLamports: (10n * SOL).toString(),
    });
  });

  it('answers 400 WALLET__INVALID for a malformed wallet', async () => {
    const { app } = await start();
    const response = await app.inject('/api/v1/presales/public/buyers/not-a-wallet');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'WALLET__INVALID' } });
    // Longer than the router's default parameter limit (100): still the route's own answer.
    const long = await app.inject(`/api/v1/presales/public/buyers/${'1'.repeat(150)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'WALLET__INVALID' } });
  });

  it('answers 503 CHAIN__UNAVAILABLE when the record cannot be read', async () => {
    const { world, app } = await start();
    world.chainDown = true;
    const response = await app.inject(`/api/v1/presales/public/buyers/${randomAddress()}`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'CHAIN__UNAVAILABLE' } });
  });
});

describe('the presale’s delivery mode and outcome', () => {
  const VESTING_SALE: PresaleDelivery = {
    mode: 'at-completion',
    status: 'succeeded',
    minimumRaise: 40n * SOL,
    vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 86_400, vestingSeconds: 2_592_000 },
    completedAt: 1_795_300_000,
    tokensOwed: 300_000_000n,
    tokensDelivered: 100_000_000n,
    buyersDelivered: 1n,
    buyersRefunded: 0n,
  };

  it('answers an account older than layout 3 as an instant presale', async () => {
    const { app } = await start();
    const body = presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json());
    expect(body.delivery).toEqual({
      mode: 'instant',
      status: 'open',
      minimumRaiseLamports: '0',
      vesting: INSTANT_DELIVERY.vesting,
      completedAt: null,
      tokensOwed: '0',
      tokensDelivered: '0',
      buyerCount: '0',
      buyersDelivered: '0',
      buyersRefunded: '0',
    });
  });

  it('answers the terms, completion and "N of M" delivered of an at-completion presale', async () => {
    const world = createTestWorld();
    const address = world.deployment.presales.leader.address;
    const current = world.presales.get(address);
    if (current === undefined) throw new Error('no leader presale');
    world.presales.set(address, {
      ...current,
      totals: { buyerCount: 4n, leaderCommission: 0n },
      delivery: VESTING_SALE,
    });
    const { app } = await start(world);
    const body = presaleResponseSchema.parse((await app.inject('/api/v1/presales/leader')).json());
    expect(body.delivery).toEqual({
      mode: 'at-completion',
      status: 'succeeded',
      minimumRaiseLamports: (40n * SOL).toString(),
      vesting: VESTING_SALE.vesting,
      completedAt: 1_795_300_000,
      tokensOwed: '300000000',
      tokensDelivered: '100000000',
      buyerCount: '4',
      buyersDelivered: '1',
      buyersRefunded: '0',
    });
  });

  it('streams each delivery as a change, though nothing else of the account moved', async () => {
    const world = createTestWorld();
    const address = world.deployment.presales.public.address;
    const current = world.presales.get(address);
    if (current === undefined) throw new Error('no public presale');
    const start0 = { ...current, totals: { buyerCount: 2n, leaderCommission: 0n } };
    world.presales.set(address, { ...start0, delivery: VESTING_SALE });
    const { app } = await start(world);
    const seen: PresaleResponse[] = [];
    app.presaleCache.resources.public.subscribe((entry) =>
      seen.push(presaleResponseSchema.parse(JSON.parse(entry.json))),
    );
    const push = world.watchers.get(address);
    if (push === undefined) throw new Error('no watcher');
    push({ ...start0, slot: 200, delivery: { ...VESTING_SALE, buyersDelivered: 2n } });
    push({ ...start0, slot: 201, delivery: { ...VESTING_SALE, buyersDelivered: 2n } });
    expect(seen.map((answer) => answer.delivery?.buyersDelivered)).toEqual(['2']);
  });
});
