import type { Chain } from './chain-types';
import type { RpcMethodGroup } from './rpc-context';
import { invalidParams } from './rpc-error';
import { nonNegativeInteger, pubkeyAt } from './rpc-params';

/**
 * requestAirdrop: a real, logged transfer from the faucet, so its signature confirms and
 * replays like any other; the amount stays a bigint end to end.
 */
export function createFaucetMethods(chain: Pick<Chain, 'airdrop'>): RpcMethodGroup {
  return {
    requestAirdrop: (params) => {
      const to = pubkeyAt(params, 0, 'recipient address');
      const amount = nonNegativeInteger(params[1], 'lamports');
      if (amount === 0n) throw invalidParams('lamports must be greater than 0');
      return chain.airdrop(to, amount);
    },
  };
}
