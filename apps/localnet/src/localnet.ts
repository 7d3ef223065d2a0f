import path from 'node:path';
import { createChain } from './chain';
import type { Chain } from './chain';
import { startHttpServer } from './http-server';
import { createRpcMethods } from './rpc-methods';
import { startPubsubServer } from './ws-server';

/** Default RPC/websocket ports, those of solana-test-validator. */
export const DEFAULT_RPC_PORT = 8899;
export const DEFAULT_WS_PORT = 8900;
export const DEFAULT_DATA_DIR = path.join('data', 'localnet');

export interface LocalnetOptions {
  /** Bind address (default 127.0.0.1). */
  host?: string;
  /** JSON-RPC port; 0 picks a free port (default 8899). */
  port?: number;
  /** Websocket port; 0 picks a free port (default 8900). */
  wsPort?: number;
  /** Ledger directory; null runs in memory only (default ./data/localnet). */
  dataDir?: string | null;
  /** Start from an empty chain, wiping the data directory. */
  reset?: boolean;
  /** Milliseconds per slot (default 400). */
  slotMs?: number;
  /** Slots until a transaction is reported finalized (default 32). */
  finalizationSlots?: number;
  /**
   * Blocks a blockhash stays valid. Default 150 (mainnet) at the default 400 ms clock; with a
   * faster clock, enough blocks for 60 s, so web3.js's 30 s blockhash cache never goes stale.
   */
  blockhashValiditySlots?: number;
  /** Diagnostic lines (default: silent). */
  log?: (line: string) => void;
}

/** A running local chain. */
export interface Localnet {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly rpcPort: number;
  readonly wsPort: number;
  readonly dataDir: string | null;
  readonly chain: Chain;
  /** Stops the servers and the slot clock, and closes the ledger. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts a Solana JSON-RPC + pubsub server over litesvm.
 *
 * @example
 * const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null });
 * const connection = new Connection(localnet.rpcUrl, { wsEndpoint: localnet.wsUrl });
 * await localnet.stop();
 */
export async function createLocalnet(options: LocalnetOptions = {}): Promise<Localnet> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const dataDir =
    options.dataDir === undefined
      ? path.resolve(DEFAULT_DATA_DIR)
      : options.dataDir === null
        ? null
        : path.resolve(options.dataDir);
  const chain = createChain({
    dataDir,
    reset: options.reset ?? false,
    slotMs: options.slotMs ?? 400,
    finalizationSlots: options.finalizationSlots ?? 32,
    ...(options.blockhashValiditySlots === undefined
      ? {}
      : { blockhashValiditySlots: options.blockhashValiditySlots }),
    log,
  });
  let http: Awaited<ReturnType<typeof startHttpServer>> | null = null;
  let ws: Awaited<ReturnType<typeof startPubsubServer>>;
  try {
    http = await startHttpServer(
      host,
      options.port ?? DEFAULT_RPC_PORT,
      createRpcMethods(chain),
      log,
    );
    ws = await startPubsubServer(host, options.wsPort ?? DEFAULT_WS_PORT, chain, log);
  } catch (error) {
    await http?.close();
    chain.close();
    throw error;
  }
  chain.start();
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  let stopped: Promise<void> | null = null;
  const httpServer = http;
  const wsServer = ws;
  return {
    rpcUrl: `http://${urlHost}:${httpServer.port}`,
    wsUrl: `ws://${urlHost}:${wsServer.port}`,
    rpcPort: httpServer.port,
    wsPort: wsServer.port,
    dataDir,
    chain,
    stop: () => {
      stopped ??= (async () => {
        chain.close();
        await Promise.all([httpServer.close(), wsServer.close()]);
      })();
      return stopped;
    },
  };
}
