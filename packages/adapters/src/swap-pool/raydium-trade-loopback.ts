import type { ServerResponse } from 'node:http';
import type { Keypair, TransactionInstruction } from '@solana/web3.js';
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
} from '@solana/web3.js';
import { sendJson, startLoopbackServer, type RecordedRequest } from '../loopback-server';
import {
  associatedTokenAddress,
  createAssociatedTokenAccountIdempotent,
  readMintTokenProgram,
  swapBaseIn,
  swapBaseOut,
  tokenTransfer,
  type ComputedSwap,
  type Reserves,
} from './swap-pool-chain';

export { associatedTokenAddress, fundSwapPool } from './swap-pool-chain';

/**
 * A loopback server speaking Raydium's Trade API wire format (and its fee endpoints) in front of
 * a "pool" on a real chain: a wallet this server controls, holding SOL and FBT. Its quotes are
 * constant-product prices of the pool's balances; its transactions are real: the buyer pays the
 * pool and the pool pays the buyer in the same transaction, which the pool signs for its side
 * (fee payer: the buyer). Test knobs make it slow, malformed, dishonest or short-changing.
 *
 * Routes (as the real hosts serve them):
 * - `GET /compute/swap-base-in|swap-base-out?inputMint&outputMint&amount&slippageBps&txVersion`
 * - `POST /transaction/swap-base-in|swap-base-out` with `{ computeUnitPriceMicroLamports,
 *   swapResponse, txVersion, wallet, wrapSol, unwrapSol, inputAccount?, outputAccount? }`
 * - `GET /main/auto-fee` (api-v3's `{ id, success, data: { default: { vh, h, m } } }`)
 * - `GET /api/fees` (the fee-statistics service: `{ "1": {…}, "5": {…}, "15": { avg, … } }`)
 */

const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';
/** Lamports the pool keeps for itself (rent, fees): not part of its SOL reserve. */
const POOL_SOL_KEPT = 100_000_000n;
/** Raydium's standard fee: 2,500 parts per million (0.25%). */
const DEFAULT_FEE_PPM = 2_500n;

/** How the fake misbehaves; tests set these between requests. */
export interface TradeLoopbackKnobs {
  /** Every answer waits this long first (a slow or hung upstream). */
  delayMs: number;
  /** Which route answers garbage: `json` (not JSON) or `shape` (JSON of the wrong shape). */
  malformed: { route: 'compute' | 'transaction' | 'fee'; kind: 'json' | 'shape' } | null;
  /** The buyer's SOL goes to this wallet instead of the pool (a transaction paying someone else). */
  payTo: PublicKey | null;
  /** The pool pays this many basis points less than the current price (the price moved). */
  shortChangeBps: number;
  /** Compute and transaction routes answer `{ success: false, msg }` with this text. */
  refuse: string | null;
  /** The fee-statistics 15-minute average, lamports. */
  feeAverage: number;
  /** The auto-fee levels, micro-lamports per unit. */
  autoFee: { vh: number; h: number; m: number };
}

/** The running fake. */
export interface TradeApiLoopback {
  /** Base URL to configure as `SWAP_API_URL` (the fee routes are under it too). */
  readonly url: string;
  readonly pool: PublicKey;
  /** The pool's FBT account. */
  readonly poolFbtAccount: PublicKey;
  readonly requests: RecordedRequest[];
  readonly knobs: TradeLoopbackKnobs;
  close(): Promise<void>;
}

/** What every route of the fake answers from: the pool, the chain behind it and the knobs. */
interface TradePool {
  readonly connection: Connection;
  readonly pool: Keypair;
  readonly mint: PublicKey;
  /** The mint's token program (SPL Token or Token-2022), read from the chain at start. */
  readonly tokenProgram: PublicKey;
  readonly fbtMint: string;
  readonly poolFbtAccount: PublicKey;
  readonly feePpm: bigint;
  readonly knobs: TradeLoopbackKnobs;
  /** The `id` of the next answer. */
  readonly id: () => string;
}

type SwapType = 'BaseIn' | 'BaseOut';

/** The pool's SOL (less what it keeps for itself) and FBT, read at 'confirmed'. */
async function reserves(trade: TradePool): Promise<Reserves> {
  const [lamports, fbt] = await Promise.all([
    trade.connection.getBalance(trade.pool.publicKey, 'confirmed'),
    trade.connection.getTokenAccountBalance(trade.poolFbtAccount, 'confirmed'),
  ]);
  const sol = BigInt(lamports) - POOL_SOL_KEPT;
  return { sol: sol > 0n ? sol : 0n, fbt: BigInt(fbt.value.amount) };
}

/** A swap of `amount` at the pool's constant-product price now. */
async function compute(
  trade: TradePool,
  swapType: SwapType,
  inputMint: string,
  amount: bigint,
): Promise<ComputedSwap | null> {
  const { sol, fbt } = await reserves(trade);
  const [reserveIn, reserveOut] = inputMint === WRAPPED_SOL ? [sol, fbt] : [fbt, sol];
  return swapType === 'BaseIn'
    ? swapBaseIn(amount, reserveIn, reserveOut, trade.feePpm)
    : swapBaseOut(amount, reserveIn, reserveOut, trade.feePpm);
}

/** `GET /compute/swap-base-in|out`: a quote, or Raydium's refusal codes. */
async function answerCompute(trade: TradePool, swapType: SwapType, query: URLSearchParams) {
  const { knobs, id, pool, poolFbtAccount, feePpm } = trade;
  const inputMint = query.get('inputMint') ?? '';
  const outputMint = query.get('outputMint') ?? '';
  const amountText = query.get('amount') ?? '';
  const slippageBps = Number(query.get('slippageBps') ?? '50');
  const pair = [inputMint, outputMint].sort().join(':');
  if (pair !== [WRAPPED_SOL, trade.fbtMint].sort().join(':')) {
    return { id: id(), success: false, version: 'V1', msg: 'ROUTE_NOT_FOUND' };
  }
  if (!/^\d+$/.test(amountText) || BigInt(amountText) === 0n) {
    return { id: id(), success: false, version: 'V1', msg: 'REQ_AMOUNT_ERROR' };
  }
  if (knobs.refuse !== null) {
    return { id: id(), success: false, version: 'V1', msg: knobs.refuse };
  }
  const swap = await compute(trade, swapType, inputMint, BigInt(amountText));
  if (swap === null || swap.outputAmount === 0n) {
    return { id: id(), success: false, version: 'V1', msg: 'INSUFFICIENT_LIQUIDITY' };
  }
  const slip = BigInt(slippageBps);
  const threshold =
    swapType === 'BaseIn'
      ? (swap.outputAmount * (10_000n - slip)) / 10_000n
      : (swap.inputAmount * (10_000n + slip) + 9_999n) / 10_000n;
  return {
    id: id(),
    success: true,
    version: 'V1',
    data: {
      swapType,
      inputMint,
      inputAmount: swap.inputAmount.toString(),
      outputMint,
      outputAmount: swap.outputAmount.toString(),
      otherAmountThreshold: threshold.toString(),
      slippageBps,
      priceImpactPct: swap.priceImpactPct,
      referrerAmount: '0',
      routePlan: [
        {
          poolId: pool.publicKey.toBase58(),
          inputMint,
          outputMint,
          feeMint: inputMint,
          feeRate: Number(feePpm),
          feeAmount: swap.feeAmount.toString(),
          remainingAccounts: [poolFbtAccount.toBase58()],
          lastPoolPriceX64: '0',
        },
      ],
    },
  };
}

/** The body of `POST /transaction/swap-base-in|out`, as far as the fake reads it. */
interface TransactionRequest {
  computeUnitPriceMicroLamports?: string;
  swapResponse?: { data?: Record<string, unknown> };
  txVersion?: string;
  wallet?: string;
  outputAccount?: string;
}

/**
 * The two legs of a swap in one transaction: the buyer pays the pool (or whoever `payTo` names)
 * and the pool pays the buyer `received`.
 */
function swapLegs(
  trade: TradePool,
  request: TransactionRequest,
  swap: { buyer: PublicKey; buying: boolean; paid: bigint; received: bigint },
): TransactionInstruction[] {
  const { knobs, mint, pool, poolFbtAccount, tokenProgram } = trade;
  const { buyer, paid, received } = swap;
  const buyerFbt = associatedTokenAddress(mint, buyer, tokenProgram);
  const instructions: TransactionInstruction[] = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: 600_000 }),
    ComputeBudgetProgram.setComputeUnitPrice({
      microLamports: BigInt(request.computeUnitPriceMicroLamports ?? '0'),
    }),
  ];
  if (swap.buying) {
    if (request.outputAccount === undefined) {
      instructions.push(createAssociatedTokenAccountIdempotent(buyer, buyer, mint, tokenProgram));
    }
    instructions.push(
      SystemProgram.transfer({
        fromPubkey: buyer,
        toPubkey: knobs.payTo ?? pool.publicKey,
        lamports: paid,
      }),
      tokenTransfer(tokenProgram, poolFbtAccount, buyerFbt, pool.publicKey, received),
    );
  } else {
    instructions.push(
      tokenTransfer(
        tokenProgram,
        buyerFbt,
        knobs.payTo === null
          ? poolFbtAccount
          : associatedTokenAddress(mint, knobs.payTo, tokenProgram),
        buyer,
        paid,
      ),
      SystemProgram.transfer({ fromPubkey: pool.publicKey, toPubkey: buyer, lamports: received }),
    );
  }
  return instructions;
}

/** `POST /transaction/swap-base-in|out`: the swap as a transaction the pool has signed. */
async function answerTransaction(trade: TradePool, swapType: SwapType, body: string) {
  const { knobs, id } = trade;
  const request = JSON.parse(body) as TransactionRequest;
  if (knobs.refuse !== null) return { id: id(), success: false, version: 'V1', msg: knobs.refuse };
  const data = request.swapResponse?.data;
  if (data === undefined || typeof request.wallet !== 'string') {
    return { id: id(), success: false, version: 'V1', msg: 'REQ_SWAP_RESPONSE_ERROR' };
  }
  const buyer = new PublicKey(request.wallet);
  const inputMint = String(data.inputMint);
  const buying = inputMint === WRAPPED_SOL;
  // The price now (it may have moved since the quote), paid out honestly or short-changed.
  const quoted = BigInt(String(swapType === 'BaseIn' ? data.inputAmount : data.outputAmount));
  const swap = await compute(trade, swapType, inputMint, quoted);
  if (swap === null)
    return { id: id(), success: false, version: 'V1', msg: 'INSUFFICIENT_LIQUIDITY' };
  const paid = swap.inputAmount;
  const received = (swap.outputAmount * BigInt(10_000 - knobs.shortChangeBps)) / 10_000n;
  const instructions = swapLegs(trade, request, { buyer, buying, paid, received });
  const { blockhash } = await trade.connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({
    payerKey: buyer,
    recentBlockhash: blockhash,
    instructions,
  });
  const transaction = new VersionedTransaction(
    request.txVersion === 'LEGACY'
      ? message.compileToLegacyMessage()
      : message.compileToV0Message(),
  );
  transaction.sign([trade.pool]);
  return {
    id: id(),
    success: true,
    version: 'V1',
    data: [{ transaction: Buffer.from(transaction.serialize()).toString('base64') }],
  };
}

/** Answers garbage when the knobs say this route is malformed; true when it did. */
function answeredMalformed(
  knobs: TradeLoopbackKnobs,
  route: 'compute' | 'transaction' | 'fee',
  response: ServerResponse,
): boolean {
  if (knobs.malformed?.route !== route) return false;
  if (knobs.malformed.kind === 'json') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":"x","success":tru');
  } else {
    sendJson(response, 200, { id: 'x', success: true, version: 'V1', data: { amount: 'lots' } });
  }
  return true;
}

/** `GET /api/fees`: the fee-statistics windows of 1, 5 and 15 minutes around `feeAverage`. */
function feeStatistics(knobs: TradeLoopbackKnobs) {
  const window = (avg: number) => ({
    min: 0,
    max: avg * 100,
    avg,
    priorityTx: 10,
    nonVotes: 20,
  });
  return {
    '1': window(knobs.feeAverage * 2),
    '5': window(knobs.feeAverage * 1.5),
    '15': window(knobs.feeAverage),
  };
}

/** Routes one request, after the knobs' delay. */
async function handle(
  trade: TradePool,
  request: RecordedRequest,
  response: ServerResponse,
): Promise<void> {
  const { knobs, id } = trade;
  if (knobs.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, knobs.delayMs));
  if (response.destroyed) return;
  const url = new URL(request.url, 'http://loopback');
  const route = url.pathname;
  const swapType = route.endsWith('swap-base-out') ? 'BaseOut' : 'BaseIn';
  if (request.method === 'GET' && /^\/compute\/swap-base-(in|out)$/.test(route)) {
    if (!answeredMalformed(knobs, 'compute', response))
      sendJson(response, 200, await answerCompute(trade, swapType, url.searchParams));
    return;
  }
  if (request.method === 'POST' && /^\/transaction\/swap-base-(in|out)$/.test(route)) {
    if (!answeredMalformed(knobs, 'transaction', response)) {
      sendJson(response, 200, await answerTransaction(trade, swapType, request.body));
    }
    return;
  }
  if (request.method === 'GET' && route === '/main/auto-fee') {
    if (!answeredMalformed(knobs, 'fee', response)) {
      sendJson(response, 200, { id: id(), success: true, data: { default: knobs.autoFee } });
    }
    return;
  }
  if (request.method === 'GET' && route === '/api/fees') {
    if (!answeredMalformed(knobs, 'fee', response)) {
      sendJson(response, 200, feeStatistics(knobs));
    }
    return;
  }
  sendJson(response, 404, { id: id(), success: false, msg: 'NOT_FOUND' });
}

/**
 * Starts the fake Trade API on 127.0.0.1 in front of `pool` (a funded keypair, see
 * {@link fundSwapPool}) trading `mint` (of either token program, read from the chain) against
 * SOL on the chain behind `connection`.
 */
export async function startRaydiumTradeLoopback(options: {
  connection: Connection;
  pool: Keypair;
  mint: PublicKey;
  feePpm?: bigint;
}): Promise<TradeApiLoopback> {
  const { connection, pool, mint } = options;
  const tokenProgram = await readMintTokenProgram(connection, mint);
  const poolFbtAccount = associatedTokenAddress(mint, pool.publicKey, tokenProgram);
  const knobs: TradeLoopbackKnobs = {
    delayMs: 0,
    malformed: null,
    payTo: null,
    shortChangeBps: 0,
    refuse: null,
    feeAverage: 6_000,
    autoFee: { vh: 30_000, h: 12_000, m: 6_000 },
  };
  let nextId = 0;
  const trade: TradePool = {
    connection,
    pool,
    mint,
    tokenProgram,
    fbtMint: mint.toBase58(),
    poolFbtAccount,
    feePpm: options.feePpm ?? DEFAULT_FEE_PPM,
    knobs,
    id: () => `loopback-${++nextId}`,
  };
  const server = await startLoopbackServer((request, response) => {
    handle(trade, request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, { success: false, msg: (error as Error).message });
    });
  });
  return {
    url: server.url,
    pool: pool.publicKey,
    poolFbtAccount,
    requests: server.requests,
    knobs,
    close: () => server.close(),
  };
}
