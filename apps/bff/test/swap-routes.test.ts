// The swap routes against a real local chain and a loopback Trade API in front of a real pool
// wallet: quotes from the pool's balances, transactions that swap for real once signed, and
// every way the exchange can fail or cheat.
import { createPriorityFeeSource, createRaydiumTradeApi } from '@fbt/adapters';
import {
  fundSwapPool,
  startRaydiumTradeLoopback,
  type TradeApiLoopback,
} from '@fbt/adapters/testing';
import {
  configResponseSchema,
  priorityFeeResponseSchema,
  swapQuoteResponseSchema,
  swapTransactionResponseSchema,
  WRAPPED_SOL_MINT,
  type SwapQuoteResponse,
} from '@fbt/domain';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import {
  createMint,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
} from '@solana/spl-token';
import type { PublicKey } from '@solana/web3.js';
import { Connection, Keypair, LAMPORTS_PER_SOL, VersionedTransaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SwapDeps } from '../src/routes/api/v1/swap/swap-deps';
import { createTestWorld, startApp, type TestWorld } from './helper';

const FBT = 1_000_000n;
const SOL = 1_000_000_000n;
let localnet: Localnet;
let connection: Connection;
let mint: PublicKey;
let loopback: TradeApiLoopback;
let buyer: Keypair;

async function funded(sol: number): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  await connection.confirmTransaction(
    { signature, ...(await connection.getLatestBlockhash()) },
    'confirmed',
  );
  return keypair;
}

beforeAll(async () => {
  localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 50 });
  connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  const treasury = await funded(10);
  mint = await createMint(connection, treasury, treasury.publicKey, null, 6, undefined, {
    commitment: 'confirmed',
  });
  const account = await getOrCreateAssociatedTokenAccount(
    connection,
    treasury,
    mint,
    treasury.publicKey,
  );
  await mintTo(connection, treasury, mint, account.address, treasury, 10_000_000n * FBT);
  const pool = Keypair.generate();
  // 100 SOL against 2,000,000 FBT: the presale's price, 0.00005 SOL per FBT.
  await fundSwapPool({
    connection,
    treasury,
    pool: pool.publicKey,
    mint,
    fbt: 2_000_000n * FBT,
    lamports: 100_100_000_000n,
  });
  loopback = await startRaydiumTradeLoopback({ connection, pool, mint });
  buyer = await funded(20);
}, 120_000);

afterAll(async () => {
  await loopback?.close();
  await localnet?.stop();
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  Object.assign(loopback.knobs, {
    delayMs: 0,
    malformed: null,
    payTo: null,
    shortChangeBps: 0,
    refuseQuote: null,
    feeAverage: 6_000,
  });
});

function swapDeps(overrides: Partial<SwapDeps> = {}, timeoutMs = 5_000): SwapDeps {
  return {
    exchange: createRaydiumTradeApi({
      baseUrl: loopback.url,
      txVersion: 'V0',
      timeoutMs,
      retries: 0,
    }),
    feeSource: createPriorityFeeSource({ url: `${loopback.url}/api/fees`, timeoutMs, retries: 0 }),
    fallbackFeeMicroLamports: 10_000,
    dexProgramIds: ['CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'],
    rateLimitMax: 1_000,
    ...overrides,
  };
}

async function start(
  swap: SwapDeps | null = swapDeps(),
): Promise<{ app: FastifyInstance; world: TestWorld }> {
  const world = createTestWorld();
  app = await startApp(world, { deployment: { ...world.deployment, mint: mint.toBase58() }, swap });
  return { app, world };
}

const quoteUrl = (query: Record<string, string>) =>
  `/api/v1/swap/quote?${new URLSearchParams({ side: 'buy', mode: 'exact-in', slippageBps: '50', ...query }).toString()}`;

async function quote(
  target: FastifyInstance,
  query: Record<string, string>,
): Promise<SwapQuoteResponse> {
  const response = await target.inject(quoteUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  return swapQuoteResponseSchema.parse(response.json());
}

const transactionFor = (target: FastifyInstance, body: object) =>
  target.inject({ method: 'POST', url: '/api/v1/swap/transaction', payload: body });

async function fbtOf(owner: PublicKey): Promise<bigint> {
  const balance = await connection
    .getTokenAccountBalance(getAssociatedTokenAddressSync(mint, owner), 'confirmed')
    .catch(() => null);
  return balance === null ? 0n : BigInt(balance.value.amount);
}

async function signAndSend(base64: string, signer: Keypair): Promise<void> {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  transaction.sign([signer]);
  const signature = await connection.sendRawTransaction(transaction.serialize(), {
    skipPreflight: true,
  });
  const outcome = await connection.confirmTransaction(
    { signature, ...(await connection.getLatestBlockhash()) },
    'confirmed',
  );
  expect(outcome.value.err).toBeNull();
}

describe('without SWAP_API_URL', () => {
  it('the config says trading is not open and every swap route answers 404 SWAP__DISABLED', async () => {
    const { app } = await start(null);
    const config = configResponseSchema.parse((await app.inject('/api/v1/config')).json());
    expect(config.swap).toEqual({ enabled: false, dexProgramIds: [] });
    for (const response of [
      await app.inject(quoteUrl({ amount: '1000' })),
      await app.inject('/api/v1/swap/priority-fee'),
      await transactionFor(app, {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'SWAP__DISABLED',
          message: 'Trading opens after the presale: no exchange is configured yet.',
        },
      });
    }
    expect(loopback.requests.length).toBe(0);
  });
});

describe('with the loopback Trade API', () => {
  it('the config names the exchange programs the page allows', async () => {
    const { app } = await start();
    const config = configResponseSchema.parse((await app.inject('/api/v1/config')).json());
    expect(config.swap).toEqual({
      enabled: true,
      dexProgramIds: ['CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'],
    });
  });

  it('quotes 1 SOL -> FBT from the pool with fee, impact, minimum and the spec’s priority fee', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: String(SOL) });
    // Constant product: 0.9975 SOL net into 100 SOL / 2,000,000 FBT.
    const net = 997_500_000n;
    const expectedOut = (2_000_000n * FBT * net) / (100_000_000_000n + net);
    expect(body).toMatchObject({
      side: 'buy',
      mode: 'exact-in',
      inputAmount: '1000000000',
      outputAmount: expectedOut.toString(),
      otherAmountThreshold: ((expectedOut * 9_950n) / 10_000n).toString(),
      fees: [{ mint: WRAPPED_SOL_MINT, amount: '2500000', ratePpm: 2500 }],
      pools: [loopback.pool.toBase58()],
      priorityFee: {
        microLamports: 10_000,
        source: 'fee-statistics',
        computeUnits: 600_000,
        maxFeeLamports: '6000',
      },
    });
    expect(body.priceImpactPct).toBeCloseTo(0.9876, 4);
    expect(body.quote.data.routePlan[0]?.remainingAccounts).toEqual([
      loopback.poolFbtAccount.toBase58(),
    ]);
  });

  it('builds a checked transaction that swaps for real once the buyer signs it', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: String(SOL / 2n) });
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = swapTransactionResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ version: 'v0', priorityFeeMicroLamports: 10_000 });
    const posted = JSON.parse(loopback.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(posted).toMatchObject({
      computeUnitPriceMicroLamports: '10000',
      txVersion: 'V0',
      wallet: buyer.publicKey.toBase58(),
      wrapSol: true,
      unwrapSol: false,
    });
    expect(posted.swapResponse).toEqual(body.quote);

    const [fbtBefore, poolSolBefore] = [
      await fbtOf(buyer.publicKey),
      await connection.getBalance(loopback.pool),
    ];
    await signAndSend(answer.transaction, buyer);
    expect((await fbtOf(buyer.publicKey)) - fbtBefore).toBe(BigInt(body.outputAmount));
    expect((await connection.getBalance(loopback.pool)) - poolSolBefore).toBe(Number(SOL / 2n));
  });

  it('sells FBT for an exact amount of SOL, from the account the BFF names', async () => {
    const { app } = await start();
    const body = await quote(app, {
      side: 'sell',
      mode: 'exact-out',
      amount: String(SOL / 10n),
    });
    expect(BigInt(body.otherAmountThreshold)).toBeGreaterThan(BigInt(body.inputAmount));
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const posted = JSON.parse(loopback.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(posted).toMatchObject({
      wrapSol: false,
      unwrapSol: true,
      inputAccount: getAssociatedTokenAddressSync(mint, buyer.publicKey).toBase58(),
    });
    expect(loopback.requests.at(-1)?.url).toBe('/transaction/swap-base-out');
    const solBefore = await connection.getBalance(buyer.publicKey);
    await signAndSend(swapTransactionResponseSchema.parse(response.json()).transaction, buyer);
    // 0.1 SOL in, minus the signature fee and the priority fee (at most 6,000 lamports).
    const gained = (await connection.getBalance(buyer.publicKey)) - solBefore;
    expect(gained).toBeGreaterThan(100_000_000 - 20_000);
    expect(gained).toBeLessThanOrEqual(100_000_000);
  });

  it('refuses a transaction that pays someone else, before anyone signs (422)', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000' });
    const stranger = Keypair.generate().publicKey;
    loopback.knobs.payTo = stranger;
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'SWAP_TX__PAYS_SOMEONE_ELSE',
        message: `Instruction 3 sends 100000000 lamports from your wallet to ${stranger.toBase58()}, which is neither yours nor the quoted pool.`,
      },
    });
  });

  it('refuses a transaction below the minimum received (slippage exceeded)', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000', slippageBps: '50' });
    loopback.knobs.shortChangeBps = 80;
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP_TX__BELOW_MINIMUM' } });
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      new RegExp(`below the minimum of ${body.otherAmountThreshold} at your slippage`),
    );
  });

  it('refuses a quote for other tokens (400) without asking the exchange', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000' });
    const before = loopback.requests.length;
    const other = Keypair.generate().publicKey.toBase58();
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: { ...body.quote, data: { ...body.quote.data, outputMint: other } },
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP__QUOTE_INVALID' } });
    expect(loopback.requests.length).toBe(before);
  });

  it('the exchange’s refusal is 422 SWAP__NO_ROUTE with its words', async () => {
    const { app } = await start();
    loopback.knobs.refuseQuote = 'INSUFFICIENT_LIQUIDITY';
    const response = await app.inject(quoteUrl({ amount: '5' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'SWAP__NO_ROUTE',
        message: 'The exchange cannot do this swap: INSUFFICIENT_LIQUIDITY.',
      },
    });
  });

  it.each([
    ['json', "The exchange's answer could not be understood."],
    [
      'shape',
      'The exchange\'s answer could not be understood (data.swapType: Invalid option: expected one of "BaseIn"|"BaseOut").',
    ],
  ] as const)(
    'a malformed quote answer (%s) is 502 SWAP__UPSTREAM_INVALID',
    async (kind, message) => {
      const { app } = await start();
      loopback.knobs.malformed = { route: 'compute', kind };
      const response = await app.inject(quoteUrl({ amount: '1000' }));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: { code: 'SWAP__UPSTREAM_INVALID', message } });
    },
  );

  it('a malformed transaction answer is 502 too', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '1000000' });
    loopback.knobs.malformed = { route: 'transaction', kind: 'shape' };
    const response = await transactionFor(app, {
      wallet: buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP__UPSTREAM_INVALID' } });
  });

  it('an exchange that does not answer in time is 504 with Retry-After', async () => {
    const { app } = await start(swapDeps({ feeSource: null }, 300));
    loopback.knobs.delayMs = 2_000;
    const response = await app.inject(quoteUrl({ amount: '1000' }));
    expect(response.statusCode).toBe(504);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      error: {
        code: 'SWAP__UPSTREAM_TIMEOUT',
        message: 'The exchange did not answer in time. Please try again.',
      },
    });
  });

  it('bad queries are named (400)', async () => {
    const { app } = await start();
    const response = await app.inject(quoteUrl({ amount: '0', slippageBps: '5001' }));
    expect(response.statusCode).toBe(400);
    const message = response.json<{ error: { message: string } }>().error.message;
    expect(message).toContain('querystring.amount: must be more than 0');
    expect(message).toContain('querystring.slippageBps: must be at most 5000 (50%)');
  });
});

describe('the priority fee', () => {
  it('is read once per 300,000 ms however many ask, then again', async () => {
    const { app, world } = await start();
    const feeCalls = () =>
      loopback.requests.filter((request) => request.url === '/api/fees').length;
    const before = feeCalls();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject('/api/v1/swap/priority-fee')),
    );
    expect(
      answers.map((answer) => priorityFeeResponseSchema.parse(answer.json()).microLamports),
    ).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(feeCalls() - before).toBe(1);
    loopback.knobs.feeAverage = 60_000; // the spec's cap: 100,000 -> 25,000
    world.clock.advance(299_999);
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json())
        .microLamports,
    ).toBe(10_000);
    world.clock.advance(2);
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 25_000,
      source: 'fee-statistics',
      maxFeeLamports: '15000',
    });
    expect(feeCalls() - before).toBe(2);
  });

  it('falls back to the fixed fee when the service answers garbage, or is not configured', async () => {
    const { app } = await start();
    loopback.knobs.malformed = { route: 'fee', kind: 'json' };
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toEqual({
      microLamports: 10_000,
      source: 'fallback',
      computeUnits: 600_000,
      maxFeeLamports: '6000',
      fetchedAt: null,
    });
    await app.close();
    const { app: second } = await start(
      swapDeps({ feeSource: null, fallbackFeeMicroLamports: 777 }),
    );
    expect(
      priorityFeeResponseSchema.parse((await second.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 777,
      source: 'fallback',
    });
  });

  it('reads Raydium’s auto-fee answer the same way (capped)', async () => {
    const { app } = await start(
      swapDeps({ feeSource: createPriorityFeeSource({ url: `${loopback.url}/main/auto-fee` }) }),
    );
    loopback.knobs.autoFee = { vh: 90_000, h: 12_345.5, m: 1 };
    expect(
      priorityFeeResponseSchema.parse((await app.inject('/api/v1/swap/priority-fee')).json()),
    ).toMatchObject({
      microLamports: 12_346,
      source: 'auto-fee',
    });
  });
});
