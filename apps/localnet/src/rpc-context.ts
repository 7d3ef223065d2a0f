/** Version string reported by getVersion (the agave line litesvm 1.5 is built from). */
export const SOLANA_CORE_VERSION = '4.3.0';

/** One JSON-RPC method: takes the positional params, throws RpcError for bad input. */
export type RpcHandler = (params: unknown[]) => unknown;

/** Methods of one area, merged with the others into the server's method table. */
export type RpcMethodGroup = Record<string, RpcHandler>;

/**
 * The `context` of an RpcResponse: clients (web3.js's minContextSlot, kit) read the slot the
 * answer was taken at.
 */
export function responseContext(slot: number): { apiVersion: string; slot: number } {
  return { apiVersion: SOLANA_CORE_VERSION, slot };
}
