import type { ServerResponse } from 'node:http';
import { WRAPPED_SOL_MINT } from '@fbt/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { isAdapterError } from '../src/adapter-error';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../src/loopback-server';
import { createPriorityFeeSource, createRaydiumTradeApi } from '../src/raydium-trade-api';

const FBT = 'FBTmint1111111111111111111111111111111111111';
const POOL = 'Poo1111111111111111111111111111111111111111';
const noSleep = () => Promise.resolve();

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: (url: URL, response: ServerResponse, body: string) => void) {
  server = await startLoopbackServer((request, response) =>
    handler(new URL(request.url, 'http://x'), response, request.body),
  );
  return server;
}

const computeAnswer = {
  id: 'q-1',
  success: true,
  version: 'V1',
  data: {
    swapType: 'BaseIn',
    inputMint: WRAPPED_SOL_MINT,
    inputAmount: '1000000000',
    outputMint: FBT,
    outputAmount: '19950000000',
    otherAmountThreshold: '19850250000',
    slippageBps: 50,
    priceImpactPct: 0.25,
    referrerAmount: '0',
    routePlan: [
      {
        poolId: POOL,
        inputMint: WRAPPED_SOL_MINT,
        outputMint: FBT,
        feeMint: WRAPPED_SOL_MINT,
        feeRate: 2500,
        feeAmount: '2500000',
        remainingAccounts: [],
        lastPoolPriceX64: '123',
      },
    ],
  },
};

describe('the Trade API client', () => {
  it('asks for a quote with the wire names and keeps unknown fields for the way back', async () => {
    const { url, requests } = await serve((_url, response) =>
      sendJson(response, 200, computeAnswer),
    );
    const api = createRaydiumTradeApi({ baseUrl: `${url}/`, txVersion: 'LEGACY' });
    const quote = await api.quote({
      inputMint: WRAPPED_SOL_MINT,
      outputMint: FBT,
      amount: 1_000_000_000n,
      slippageBps: 50,
      swapType: 'BaseIn',
    });
    expect(quote).toEqual(computeAnswer);
    expect(requests[0]?.url).toBe(
      `/compute/swap-base-in?inputMint=${WRAPPED_SOL_MINT}&outputMint=${FBT}&amount=1000000000&slippageBps=50&txVersion=LEGACY`,
    );
  });

  it('posts the quote back as swapResponse and returns the transactions', async () => {
    const { url, requests } = await serve((_url, response) =>
      sendJson(response, 200, {
        id: 't',
        success: true,
        version: 'V1',
        data: [{ transaction: 'AQID' }],
      }),
    );
    const api = createRaydiumTradeApi({ baseUrl: url, txVersion: 'V0' });
    const transactions = await api.buildTransactions({
      quote: computeAnswer as never,
      wallet: POOL,
      computeUnitPriceMicroLamports: 12_000,
      wrapSol: true,
      unwrapSol: false,
    });
    expect(transactions).toEqual(['AQID']);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/transaction/swap-base-in');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({
      computeUnitPriceMicroLamports: '12000',
      swapResponse: computeAnswer,
      txVersion: 'V0',
      wallet: POOL,
      wrapSol: true,
      unwrapSol: false,
    });
  });

  it('a { success: false } answer is a refusal with the service’s words', async () => {
    const { url } = await serve((_url, response) =>
      sendJson(response, 200, { id: 'x', success: false, version: 'V1', msg: 'ROUTE_NOT_FOUND' }),
    );
    const api = createRaydiumTradeApi({ baseUrl: url, txVersion: 'V0' });
    const answer = await api.quote({
      inputMint: WRAPPED_SOL_MINT,
      outputMint: FBT,
      amount: 1n,
      slippageBps: 50,
      swapType: 'BaseOut',
    });
    expect(answer).toEqual({ refused: true, reason: 'ROUTE_NOT_FOUND' });
  });

  it.each([
    [
      'not JSON',
      (response: ServerResponse) => response.end('{"success":tru'),
      'UPSTREAM__BAD_RESPONSE',
    ],
    [
      'JSON of the wrong shape',
      (response: ServerResponse) =>
        sendJson(response, 200, { id: 'x', success: true, version: 'V1', data: {} }),
      'UPSTREAM__BAD_RESPONSE',
    ],
    [
      'a 500 every time',
      (response: ServerResponse) => sendJson(response, 500, {}),
      'UPSTREAM__HTTP_STATUS',
    ],
  ])('%s is an adapter error (%s)', async (_name, answer, code) => {
    const { url, requests } = await serve((_url, response) => answer(response));
    const api = createRaydiumTradeApi({
      baseUrl: url,
      txVersion: 'V0',
      sleep: noSleep,
      retries: 1,
    });
    const error = await api
      .quote({
        inputMint: WRAPPED_SOL_MINT,
        outputMint: FBT,
        amount: 1n,
        slippageBps: 50,
        swapType: 'BaseIn',
      })
      .catch((caught: unknown) => caught);
    expect(isAdapterError(error, code as never)).toBe(true);
    if (code === 'UPSTREAM__BAD_RESPONSE' && _name !== 'not JSON') {
      expect((error as Error).message).toMatch(/data\.swapType/);
    }
    // Bad answers are final; a 5xx is tried once more.
    expect(requests.length).toBe(code === 'UPSTREAM__HTTP_STATUS' ? 2 : 1);
  });

  it('an upstream that never answers times out', async () => {
    const { url } = await serve(() => undefined);
    const api = createRaydiumTradeApi({
      baseUrl: url,
      txVersion: 'V0',
      timeoutMs: 100,
      retries: 0,
    });
    const error = await api
      .quote({
        inputMint: WRAPPED_SOL_MINT,
        outputMint: FBT,
        amount: 1n,
        slippageBps: 50,
        swapType: 'BaseIn',
      })
      .catch((caught: unknown) => caught);
    expect(isAdapterError(error, 'UPSTREAM__TIMEOUT')).toBe(true);
  });
});

describe('the priority fee source', () => {
  it('reads the fee-statistics window of 15 minutes with the domain’s formula', async () => {
    const { url } = await serve((_url, response) =>
      sendJson(response, 200, { '1': { avg: 99_999 }, '5': { avg: 50_000 }, '15': { avg: 6_000 } }),
    );
    await expect(createPriorityFeeSource({ url: `${url}/api/fees` }).read()).resolves.toEqual({
      microLamports: 10_000,
      source: 'fee-statistics',
    });
  });

  it('reads Raydium’s auto-fee high level, capped', async () => {
    const { url } = await serve((_url, response) =>
      sendJson(response, 200, {
        id: 'f',
        success: true,
        data: { default: { vh: 90_000, h: 40_000, m: 10 } },
      }),
    );
    await expect(createPriorityFeeSource({ url: `${url}/main/auto-fee` }).read()).resolves.toEqual({
      microLamports: 25_000,
      source: 'auto-fee',
    });
  });

  it('anything else is a bad response', async () => {
    const { url } = await serve((_url, response) => sendJson(response, 200, { fees: [] }));
    const error = await createPriorityFeeSource({ url })
      .read()
      .catch((caught: unknown) => caught);
    expect(isAdapterError(error, 'UPSTREAM__BAD_RESPONSE')).toBe(true);
  });
});
