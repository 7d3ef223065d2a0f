// A real local chain with an FBT mint and a loopback Trade API in front of a funded pool wallet
// (100 SOL against 2,000,000 FBT, the presale's price), for the swap route tests.
import {
  closeConnectionSocket,
  createPriorityFeeSource,
  createRaydiumTradeApi,
} from '@fbt/adapters';
import {
  fundSwapPool,
  startRaydiumTradeLoopback,
  type TradeApiLoopback,
} from '@fbt/adapters/swap-pool';
import { swapQuoteResponseSchema, type SwapQuoteResponse } from '@fbt/domain';
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
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { SwapDeps } from '../../src/app-deps';
import { createTestWorld, startApp, type TestWorld } from './test-world';

export const FBT = 1_000_000n;
export const SOL = 1_000_000_000n;

/** The chain, the pool and a funded buyer, once the hooks ran. */
export const swapWorld = {} as {
  localnet: Localnet;
  connection: Connection;
  mint: PublicKey;
  loopback: TradeApiLoopback;
  buyer: Keypair;
};

/** A new keypair holding `sol` SOL from the local faucet. */
export async function funded(sol: number): Promise<Keypair> {
  const { connection } = swapWorld;
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  await connection.confirmTransaction(
    { signature, ...(await connection.getLatestBlockhash()) },
    'confirmed',
  );
  return keypair;
}

let app: FastifyInstance | undefined;

/** Registers the hooks: the world once per file, each test's app closed and knobs reset after it. */
export function useSwapWorld(): void {
  beforeAll(async () => {
    const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 50 });
    swapWorld.localnet = localnet;
    const connection = new Connection(localnet.rpcUrl, {
      commitment: 'confirmed',
      wsEndpoint: localnet.wsUrl,
    });
    swapWorld.connection = connection;
    const treasury = await funded(10);
    const mint = await createMint(connection, treasury, treasury.publicKey, null, 6, undefined, {
      commitment: 'confirmed',
    });
    swapWorld.mint = mint;
    const account = await getOrCreateAssociatedTokenAccount(
      connection,
      treasury,
      mint,
      treasury.publicKey,
    );
    await mintTo(connection, treasury, mint, account.address, treasury, 10_000_000n * FBT);
    const pool = Keypair.generate();
    await fundSwapPool({
      connection,
      treasury,
      pool: pool.publicKey,
      mint,
      fbt: 2_000_000n * FBT,
      lamports: 100_100_000_000n,
    });
    swapWorld.loopback = await startRaydiumTradeLoopback({ connection, pool, mint });
    swapWorld.buyer = await funded(20);
  }, 120_000);

  afterAll(async () => {
    await swapWorld.loopback?.close();
    if (swapWorld.connection !== undefined) closeConnectionSocket(swapWorld.connection);
    await swapWorld.localnet?.stop();
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    Object.assign(swapWorld.loopback.knobs, {
      delayMs: 0,
      malformed: null,
      payTo: null,
      shortChangeBps: 0,
      refuse: null,
      feeAverage: 6_000,
    });
  });
}

/** The swap deps of the BFF over the loopback (no retries: each test counts requests). */
export function swapDeps(overrides: Partial<SwapDeps> = {}, timeoutMs = 5_000): SwapDeps {
  const { url } = swapWorld.loopback;
  return {
    exchange: createRaydiumTradeApi({ baseUrl: url, txVersion: 'V0', timeoutMs, retries: 0 }),
    feeSource: createPriorityFeeSource({ url: `${url}/api/fees`, timeoutMs, retries: 0 }),
    fallbackFeeMicroLamports: 10_000,
    dexProgramIds: ['CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'],
    rateLimitMax: 1_000,
    ...overrides,
  };
}

/** The BFF (test world, the world's mint) with these swap deps; closed after the test. */
export async function start(
  swap: SwapDeps | null = swapDeps(),
): Promise<{ app: FastifyInstance; world: TestWorld }> {
  const world = createTestWorld();
  app = await startApp(world, {
    deployment: { ...world.deployment, mint: swapWorld.mint.toBase58() },
    swap,
    rpcUpstreamUrl: swapWorld.localnet.rpcUrl,
  });
  return { app, world };
}

export const quoteUrl = (query: Record<string, string>) =>
  `/api/v1/swap/quote?${new URLSearchParams({ side: 'buy', mode: 'exact-in', slippageBps: '50', ...query }).toString()}`;

/** A quote that must succeed. */
export async function quote(
  target: FastifyInstance,
  query: Record<string, string>,
): Promise<SwapQuoteResponse> {
  const response = await target.inject(quoteUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  return swapQuoteResponseSchema.parse(response.json());
}

export const transactionFor = (target: FastifyInstance, body: object) =>
  target.inject({ method: 'POST', url: '/api/v1/swap/transaction', payload: body });

/** FBT base units in `owner`'s associated account (0 without one). */
export async function fbtOf(owner: PublicKey): Promise<bigint> {
  const balance = await swapWorld.connection
    .getTokenAccountBalance(getAssociatedTokenAddressSync(swapWorld.mint, owner), 'confirmed')
    .catch(() => null);
  return balance === null ? 0n : BigInt(balance.value.amount);
}

/** Signs a transaction the BFF answered as `signer` and lands it on the chain. */
export async function signAndSend(base64: string, signer: Keypair): Promise<void> {
  const { connection } = swapWorld;
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
