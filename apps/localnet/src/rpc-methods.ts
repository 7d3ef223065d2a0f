import type { Chain } from './chain-types';
import { createAccountMethods } from './rpc-account-methods';
import { createClusterMethods } from './rpc-cluster-methods';
import type { RpcMethodGroup } from './rpc-context';
import { createFaucetMethods } from './rpc-faucet-methods';
import { createTokenMethods } from './rpc-token-methods';
import { createTransactionMethods } from './rpc-transaction-methods';

/**
 * Every JSON-RPC method the HTTP server answers, merged from the per-area groups. Handlers
 * throw RpcError for bad input; each group sees only the part of the chain it reads.
 */
export function createRpcMethods(chain: Chain): RpcMethodGroup {
  return {
    ...createClusterMethods(chain),
    ...createAccountMethods(chain),
    ...createTokenMethods(chain),
    ...createTransactionMethods(chain),
    ...createFaucetMethods(chain),
  };
}
