// The swap routes against a real local chain and a loopback Trade API in front of a real pool
// wallet: quotes from the pool's balances, transactions that swap for real once signed, and
// every way the exchange can fail or cheat.
import { configResponseSchema, swapTransactionResponseSchema, WRAPPED_SOL_MINT } from '@fbt/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  FBT,
  fbtOf,
  quote,
  quoteUrl,
  signAndSend,
  SOL,
  start,
  swapDeps,
  swapWorld,
  transactionFor,
  useSwapWorld,
} from './support/swap-fixture';

useSwapWorld();

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
    expect(swapWorld.loopback.requests.length).toBe(0);
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

  it('quotes 1 SOL -> FBT from the pool with fee, impact, minimum and the fee-statistics priority fee', async () => {
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
      pools: [swapWorld.loopback.pool.toBase58()],
      priorityFee: {
        microLamports: 10_000,
        source: 'fee-statistics',
        computeUnits: 600_000,
        maxFeeLamports: '6000',
      },
    });
    expect(body.priceImpactPct).toBeCloseTo(0.9876, 4);
    expect(body.quote.data.routePlan[0]?.remainingAccounts).toEqual([
      swapWorld.loopback.poolFbtAccount.toBase58(),
    ]);
  });

  it('builds a checked transaction that swaps for real once the buyer signs it', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: String(SOL / 2n) });
    const response = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = swapTransactionResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ version: 'v0', priorityFeeMicroLamports: 10_000 });
    const posted = JSON.parse(swapWorld.loopback.requests.at(-1)?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(posted).toMatchObject({
      computeUnitPriceMicroLamports: '10000',
      txVersion: 'V0',
      wallet: swapWorld.buyer.publicKey.toBase58(),
      wrapSol: true,
      unwrapSol: false,
    });
    expect(posted.swapResponse).toEqual(body.quote);

    const [fbtBefore, poolSolBefore] = [
      await fbtOf(swapWorld.buyer.publicKey),
      await swapWorld.connection.getBalance(swapWorld.loopback.pool),
    ];
    await signAndSend(answer.transaction, swapWorld.buyer);
    expect((await fbtOf(swapWorld.buyer.publicKey)) - fbtBefore).toBe(BigInt(body.outputAmount));
    expect((await swapWorld.connection.getBalance(swapWorld.loopback.pool)) - poolSolBefore).toBe(
      Number(SOL / 2n),
    );
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
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const posted = JSON.parse(swapWorld.loopback.requests.at(-1)?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(posted).toMatchObject({
      wrapSol: false,
      unwrapSol: true,
      inputAccount: getAssociatedTokenAddressSync(
        swapWorld.mint,
        swapWorld.buyer.publicKey,
      ).toBase58(),
    });
    expect(swapWorld.loopback.requests.at(-1)?.url).toBe('/transaction/swap-base-out');
    const solBefore = await swapWorld.connection.getBalance(swapWorld.buyer.publicKey);
    await signAndSend(
      swapTransactionResponseSchema.parse(response.json()).transaction,
      swapWorld.buyer,
    );
    // 0.1 SOL in, minus the signature fee and the priority fee (at most 6,000 lamports).
    const gained = (await swapWorld.connection.getBalance(swapWorld.buyer.publicKey)) - solBefore;
    expect(gained).toBeGreaterThan(100_000_000 - 20_000);
    expect(gained).toBeLessThanOrEqual(100_000_000);
  });

  it('refuses a transaction that pays someone else, before anyone signs (422)', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000' });
    const stranger = Keypair.generate().publicKey;
    swapWorld.loopback.knobs.payTo = stranger;
    const response = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: {
        code: 'SWAP_TX__PAYS_SOMEONE_ELSE',
        message: `Instruction 3 sends 100000000 lamports from your wallet to ${stranger.toBase58()}, which is neither yours nor the quoted pool.`,
      },
    });
    expect(response.json<{ context: unknown }>().context).toEqual({
      account: stranger.toBase58(),
      instruction: '3',
    });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('refuses a transaction below the minimum received (slippage exceeded)', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000', slippageBps: '50' });
    swapWorld.loopback.knobs.shortChangeBps = 80;
    const response = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP_TX__BELOW_MINIMUM' } });
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      new RegExp(`below the minimum of ${body.otherAmountThreshold} at your slippage`),
    );
  });

  it('the exchange refusing to build is 422 SWAP__NO_ROUTE there too', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '1000000' });
    swapWorld.loopback.knobs.refuse = 'INSUFFICIENT_LIQUIDITY';
    const refused = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      error: {
        code: 'SWAP__NO_ROUTE',
        message: 'The exchange cannot do this swap: INSUFFICIENT_LIQUIDITY.',
      },
    });
  });

  it('refuses a quote for other tokens (400) without asking the exchange', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '100000000' });
    const before = swapWorld.loopback.requests.length;
    const other = Keypair.generate().publicKey.toBase58();
    const response = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: { ...body.quote, data: { ...body.quote.data, outputMint: other } },
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP__QUOTE_INVALID' } });
    expect(swapWorld.loopback.requests.length).toBe(before);
  });

  it('the exchange’s refusal is 422 SWAP__NO_ROUTE with its words', async () => {
    const { app } = await start();
    swapWorld.loopback.knobs.refuse = 'INSUFFICIENT_LIQUIDITY';
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
      swapWorld.loopback.knobs.malformed = { route: 'compute', kind };
      const response = await app.inject(quoteUrl({ amount: '1000' }));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: { code: 'SWAP__UPSTREAM_INVALID', message } });
    },
  );

  it('a malformed transaction answer is 502 too', async () => {
    const { app } = await start();
    const body = await quote(app, { amount: '1000000' });
    swapWorld.loopback.knobs.malformed = { route: 'transaction', kind: 'shape' };
    const response = await transactionFor(app, {
      wallet: swapWorld.buyer.publicKey.toBase58(),
      quote: body.quote,
      fbtAccountExists: true,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { code: 'SWAP__UPSTREAM_INVALID' } });
  });

  it('an exchange that does not answer in time is 504 with Retry-After', async () => {
    const { app } = await start(swapDeps({ feeSource: null }, 300));
    swapWorld.loopback.knobs.delayMs = 2_000;
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
