import { BLOCKCHAIN_IDS, createActionHeaders } from '@solana/actions';
import type { Cluster } from '@fbt/domain';

/**
 * The Solana Actions specification version these routes follow (`@solana/actions-spec` 2.4:
 * linked actions with a `type`, typed parameters). Blink clients older than it show a fallback.
 */
export const ACTION_SPEC_VERSION = '2.4';

/**
 * The CAIP-2 id of a cluster (`solana:` + the first 32 characters of its genesis hash), as
 * `X-Blockchain-Ids` names it. The public clusters have fixed ids; a local chain has its own
 * genesis, so its id is worked out from `getGenesisHash`.
 */
export function blockchainId(cluster: Cluster, genesisHash: string | null): string | null {
  switch (cluster) {
    case 'mainnet-beta':
      return BLOCKCHAIN_IDS.mainnet;
    case 'devnet':
      return BLOCKCHAIN_IDS.devnet;
    case 'testnet':
      return BLOCKCHAIN_IDS.testnet;
    case 'localnet':
      return genesisHash === null ? null : `solana:${genesisHash.slice(0, 32)}`;
  }
}

/**
 * Every header an Action answer carries: the package's CORS headers (any origin may GET and
 * POST, and read the two version headers), `X-Action-Version`, `X-Blockchain-Ids` when known,
 * and `Cross-Origin-Resource-Policy: cross-origin` in place of the site's `same-origin`, so a
 * Blink rendered on another site may load the icon and the answers.
 */
export function actionHeaders(chainId: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    ...createActionHeaders({
      actionVersion: ACTION_SPEC_VERSION,
      ...(chainId === null ? {} : { chainId }),
    }),
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  // Content-Type is the route's business (the icon is an image).
  delete headers['Content-Type'];
  return headers;
}
