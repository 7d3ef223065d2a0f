import type { Connection } from '@solana/web3.js';

/**
 * The JSON-RPC calls a purchase makes: all of them are on the BFF proxy's allowlist, and none
 * needs a websocket. A web3.js `Connection` pointed at `/rpc` satisfies it.
 */
export type PurchaseConnection = Pick<
  Connection,
  | 'getAccountInfo'
  | 'getLatestBlockhash'
  | 'getRecentPrioritizationFees'
  | 'simulateTransaction'
  | 'sendRawTransaction'
  | 'getSignatureStatuses'
  | 'isBlockhashValid'
>;
