import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { createLocalnet } from '../../src/index';
import type { Localnet, LocalnetOptions } from '../../src/index';

export interface TestChain {
  localnet: Localnet;
  connection: Connection;
}

/** Starts a localnet on free ports (in memory unless a dataDir is given) with a fast slot clock. */
export async function startTestChain(options: LocalnetOptions = {}): Promise<TestChain> {
  const localnet = await createLocalnet({
    port: 0,
    wsPort: 0,
    dataDir: null,
    slotMs: 100,
    ...options,
  });
  const connection = new Connection(localnet.rpcUrl, {
    wsEndpoint: localnet.wsUrl,
    commitment: 'confirmed',
  });
  return { localnet, connection };
}

/**
 * web3.js's confirmTransaction fires a last getSignatureStatus after its websocket subscription
 * is set up and does not catch its failure; give such trailing requests a moment to complete
 * before a server they talk to goes away (otherwise they surface as unhandled rejections).
 */
export function settle(ms = 250): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Stops a test chain after trailing client requests have finished. */
export async function stopTestChain(chain: TestChain): Promise<void> {
  await settle();
  await chain.localnet.stop();
}

/** A new keypair holding `sol` SOL from the faucet, airdrop confirmed. */
export async function fundedKeypair(connection: Connection, sol = 10): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  return keypair;
}

/** Raw JSON-RPC POST, for requests web3.js would refuse to build. */
export async function rawRpc(
  url: string,
  body: string,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as unknown };
}
