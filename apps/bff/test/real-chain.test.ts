import { randomSignature } from '@fbt/adapters/testing';
import { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { presaleResponseSchema } from '@fbt/domain';
import { buildApp } from '../src/app';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { startSeededChain, type SeededChain } from './support/chain-fixture';
import { TEST_SETTINGS } from './support/test-world';
import { claim, forgeryCases } from './support/real-chain-forgeries';
import { v2Chain, type V2Chain } from './support/v2-chain';

const SOL = 1_000_000_000n;
let chain: SeededChain;
let v2: V2Chain;
let app: FastifyInstance;
let ledger: LeaderLedger;
let wired: WiredDeps;
let leader: Keypair;
const scheduler = createManualScheduler();

beforeAll(async () => {
  chain = await startSeededChain();
  v2 = v2Chain(chain);
  const { deployment } = chain;
  // The production wiring (real Solana adapters, SQLite ledger) with test timings.
  wired = await createAppDeps(
    deployment,
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '' }),
    { scheduler, logger: false, settings: TEST_SETTINGS },
  );
  ledger = wired.deps.ledger;
  leader = await chain.fundedKeypair(30);
  // The leader codes are on chain, as the operator's `leaders register` makes them.
  await v2.registerLeader('beast42', leader.publicKey);
  await v2.registerLeader('other77', Keypair.generate().publicKey);
  app = await buildApp(wired.deps);
  await app.ready();
  await waitFor(() => app.presaleCache.resources.leader.current() !== null);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await chain?.stop();
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const report = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/leader-reports', payload });
/** A BuyWith on the leader presale through `code`'s record (the program pays it 10%). */
const leaderBuy = (buyer: Keypair, lamports: bigint, code = 'beast42') =>
  v2.buyWith(buyer, 'leader', lamports, { leaderRecord: v2.recordOf(code) });

describe('routes against the real local chain', () => {
  it('serves the seeded presales decoded from the chain', async () => {
    const response = await app.inject('/api/v1/presales/private');
    const body = presaleResponseSchema.parse(response.json());
    expect(body.address).toBe(chain.deployment.presales.private.address);
    expect(body.state).toMatchObject({
      isInitialized: true,
      isActived: true,
      tokenPrice: '50000',
      maxTotalBuyable: (200n * SOL).toString(),
    });
    expect(body.targetLamports).toBe((200n * SOL).toString());
  });

  it('a buy reaches the cache through accountSubscribe, and the buyer route reads the record', async () => {
    const buyer = await chain.fundedKeypair(20);
    const before = BigInt(
      app.presaleCache.resources.public.current()?.value.state.currentTotalSold ?? 0n,
    );
    await chain.buy(buyer, 'public', 2n * SOL);
    await waitFor(
      () =>
        app.presaleCache.resources.public.current()?.value.state.currentTotalSold ===
        before + 2n * SOL,
    );
    const response = await app.inject(
      `/api/v1/presales/public/buyers/${buyer.publicKey.toBase58()}`,
    );
    expect(response.json()).toMatchObject({
      boughtLamports: (2n * SOL).toString(),
      remainingLamports: (8n * SOL).toString(),
      userAtMaximum: false,
    });
  });

  it('a buy reaches a websocket subscriber without any periodic refresh', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/v1/stream`);
    const sold: string[] = [];
    socket.on('message', (raw: WebSocket.Data) => {
      const message = JSON.parse(
        typeof raw === 'string' ? raw : Buffer.from(raw as Buffer).toString('utf8'),
      ) as {
        type: string;
        data?: { state?: { currentTotalSold: string } };
      };
      if (message.type === 'presale' && message.data?.state)
        sold.push(message.data.state.currentTotalSold);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topics: ['presale:private'] }));
    const deadline = Date.now() + 30_000;
    while (sold.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const buyer = await chain.fundedKeypair(20);
    const refreshesBefore = app.presaleCache.resources.private.health().refreshes;
    await chain.buy(buyer, 'private', 3n * SOL);
    const expected = (BigInt(sold[0] ?? '0') + 3n * SOL).toString();
    await waitFor(() => sold.includes(expected));
    socket.close();
    // Only the accountSubscribe push moved it: the manual scheduler never ticked.
    expect(app.presaleCache.resources.private.health().refreshes).toBe(refreshesBefore + 1);
  });

  it('proxies allow-listed JSON-RPC to the chain', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getLatestBlockhash',
        params: [{ commitment: 'confirmed' }],
      }),
    });
    expect(response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { value: { blockhash: expect.any(String) as string } },
    });
  });
});

describe('leader ledger forgery suite (real transactions)', () => {
  let buyer: Keypair;
  let honest: string;

  beforeAll(async () => {
    buyer = await chain.fundedKeypair(50);
    honest = await leaderBuy(buyer, 1_500_000_000n);
  }, 120_000);

  it('records an honest report with a 10% commission, and a replay changes nothing', async () => {
    const first = await report(claim(honest, buyer, 1_500_000_000n));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'recorded',
      buy: { lamports: '1500000000', commissionLamports: '150000000', source: 'report' },
    });
    const replay = await report(claim(honest, buyer, 1_500_000_000n));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ status: 'already-recorded' });
    expect((await ledger.getLeaderSummary('beast42'))?.buys).toBe(1);
  });

  it("accepts the legacy report's body on /ct with SOL amounts", async () => {
    const signature = await leaderBuy(buyer, 250_000_000n);
    const response = await app.inject({
      method: 'POST',
      url: '/ct',
      payload: {
        txnHASH: signature,
        wallet: buyer.publicKey.toBase58(),
        leaderCode: 'beast42',
        solsEarned: 0.25,
        solsClaimable: 0.025,
        timestamp: Date.now(),
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      buy: { lamports: '250000000', commissionLamports: '25000000' },
    });
  });

  it('a fake hash is not found (retryable 409)', async () => {
    const response = await report(claim(randomSignature(), buyer, SOL));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'LEADER_REPORT__TX_NOT_FOUND' } });
  });

  it('refuses forgeries, each with its code, recording nothing', async () => {
    const stranger = await chain.fundedKeypair(20);
    const cases = forgeryCases({
      chain,
      v2,
      honest,
      stranger,
      leader,
      leaderPresaleState: () => app.presaleCache.resources.leader.current()?.value.state,
    });
    for (const [name, makeClaim, code] of cases) {
      const payload = await makeClaim();
      const response = await report(payload);
      expect({
        name,
        status: response.statusCode,
        code: response.json<{ error?: { code: string } }>().error?.code,
      }).toEqual({ name, status: 422, code });
    }
    expect((await ledger.getLeaderSummary('beast42'))?.buys).toBe(2);
    // other77 has no buy yet: the index has not met it.
    expect(await ledger.getLeaderSummary('other77')).toBeNull();
  }, 120_000);

  it('a malformed body is a 400 naming the field', async () => {
    const response = await report({
      signature: honest,
      wallet: 'x',
      leaderCode: 'beast42',
      lamports: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'REQUEST__INVALID',
        message: expect.stringContaining('body.wallet') as string,
      },
    });
  });

  it('the reconciler records a verified leader buy whose report never arrived', async () => {
    const quiet = await chain.fundedKeypair(20);
    const signature = await leaderBuy(quiet, 700_000_000n, 'other77');
    const outcome = await app.leaderIndex.reconcile();
    expect(outcome.recorded).toBeGreaterThanOrEqual(1);
    expect(await ledger.findBuy(signature)).toMatchObject({
      leaderCode: 'other77',
      lamports: 700_000_000n,
      commissionLamports: 70_000_000n,
      source: 'reconciler',
    });
    // The stranger's real 0.5 SOL beast42 buy (reported inflated above) is recorded at its true
    // amount; the failed buy and the buy through no record stay unrecorded.
    expect(await ledger.getLeaderSummary('beast42')).toMatchObject({
      buys: 3,
      totalLamports: 1_500_000_000n + 250_000_000n + 500_000_000n,
    });
  });
});

describe('sales metrics against the real program', () => {
  /** One sample of a per-presale series of the app's metrics, or undefined. */
  async function sample(name: string, variant: string): Promise<number | undefined> {
    const text = await app.metrics.render();
    const value = new RegExp(`^${name}\\{variant="${variant}",[^}]*\\} (\\S+)$`, 'm').exec(text);
    return value === null ? undefined : Number(value[1]);
  }

  it("a new buyer's leader buy moves SOL raised, buyers, buys and the leaders' commission", async () => {
    const figures = async () => ({
      raised: await sample('fbt_presale_raised_sol', 'leader'),
      buyers: await sample('fbt_presale_buyers', 'leader'),
      buys: await sample('fbt_presale_buys_total', 'leader'),
      commission: await sample('fbt_presale_leader_commission_sol', 'leader'),
    });
    const sold = () => app.presaleCache.resources.leader.current()?.value.state.currentTotalSold;
    const soldBefore = sold() ?? 0n;
    const before = await figures();
    // The program's own counts, decoded from the account the cache holds.
    expect(before.buyers).toBeGreaterThanOrEqual(1);
    expect(before.raised).toBeCloseTo(Number(soldBefore) / 1e9, 9);

    const buyer = await chain.fundedKeypair(20);
    await leaderBuy(buyer, 2n * SOL, 'other77');
    await waitFor(() => sold() === soldBefore + 2n * SOL);
    const after = await figures();
    expect(after.raised).toBeCloseTo((before.raised ?? 0) + 2, 9);
    expect(after.buyers).toBe((before.buyers ?? 0) + 1);
    expect(after.buys).toBe((before.buys ?? 0) + 1);
    expect(after.commission).toBeCloseTo((before.commission ?? 0) + 0.2, 9);
  });
});
