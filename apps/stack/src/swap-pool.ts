import { readFileSync } from 'node:fs';
import {
  fundSwapPool,
  startRaydiumTradeLoopback,
  type TradeApiLoopback,
} from '@fbt/adapters/swap-pool';
import { Keypair, type Connection, type PublicKey } from '@solana/web3.js';

/** A running loopback swap pool: the Trade API fake in front of a funded pool wallet. */
export type SwapPool = TradeApiLoopback;

/** 100 SOL against 2,000,000 FBT: the presale's price, 0.00005 SOL per FBT. */
const POOL_LAMPORTS = 100_100_000_000n;
const POOL_FBT = 2_000_000_000_000n;

/** The FBT mint of a deployment file. */
export function readDeploymentMint(deploymentFile: string): string {
  const deployment = JSON.parse(readFileSync(deploymentFile, 'utf8')) as { mint?: unknown };
  if (typeof deployment.mint !== 'string') throw new Error(`${deploymentFile} names no mint`);
  return deployment.mint;
}

/**
 * Funds a fresh pool wallet on the local chain (SOL from the faucet, FBT from `treasury`, the
 * seeded operator holding the rest of the supply) and starts the loopback Trade API in front of
 * it: the swap page then trades SOL <-> FBT for real on the local chain.
 */
export async function startSwapPool(options: {
  connection: Connection;
  treasury: Keypair;
  mint: PublicKey;
}): Promise<SwapPool> {
  const pool = Keypair.generate();
  await fundSwapPool({
    connection: options.connection,
    treasury: options.treasury,
    pool: pool.publicKey,
    mint: options.mint,
    fbt: POOL_FBT,
    lamports: POOL_LAMPORTS,
  });
  return startRaydiumTradeLoopback({ connection: options.connection, pool, mint: options.mint });
}

/** The BFF variables that point the swap at the pool (its fee-statistics route included). */
export function swapPoolEnv(pool: SwapPool): Record<string, string> {
  return {
    SWAP_API_URL: pool.url,
    SWAP_PRIORITY_FEE_URL: `${pool.url}/api/fees`,
    SWAP_TX_VERSION: 'V0',
  };
}
