import type { FastifyPluginAsync } from 'fastify';
import { createSolanaConnection } from '@fbt/adapters';
import type { AppDeps } from '../../../app-deps';
import type { LeadersCache } from '../../../services/leaders-cache';
import type { PresaleCache } from '../../../services/presale-cache';
import { actionsJsonRoute } from '../../actions-json';
import { actionHeaders, blockchainId } from './action-headers';
import { presaleActionRoutes } from './presale';
import type { ActionConnection } from './presale-transaction';

/** What the Blink routes read. */
export type ActionsRoutesOptions = Pick<
  AppDeps,
  'deployment' | 'presaleReader' | 'buyerReader' | 'leaderRecords' | 'clock' | 'rpcUpstreamUrl'
> & {
  readonly presaleCache: PresaleCache;
  /** The leader records the GETs read a code in (the `leaders` topic). */
  readonly leaders: Pick<LeadersCache, 'snapshot'>;
  readonly publicSiteUrl: string | null;
  readonly rateLimitWriteMax: number;
  /** Chain reads of the buy transaction; default a connection to `rpcUpstreamUrl`. */
  readonly connection?: ActionConnection;
};

/**
 * The presale as a Solana Action: `/api/actions/presale/:variant` (GET, POST, OPTIONS), its
 * icon, and `/actions.json` with the path-form presale links it maps. One set of Action
 * headers for all of them; on a local chain the CAIP-2 id comes from its genesis hash, read
 * once (a failed read is retried on the next answer, which goes out without the header).
 */
export const actionsRoutes: FastifyPluginAsync<ActionsRoutesOptions> = async (fastify, options) => {
  const connection =
    options.connection ?? createSolanaConnection({ rpcUrl: options.rpcUpstreamUrl });
  const cluster = options.deployment.cluster;
  let fixed: Record<string, string> | null =
    cluster === 'localnet' ? null : actionHeaders(blockchainId(cluster, null));
  const headers = async (): Promise<Record<string, string>> => {
    if (fixed !== null) return fixed;
    try {
      fixed = actionHeaders(blockchainId(cluster, await connection.getGenesisHash()));
      return fixed;
    } catch (error) {
      fastify.log.warn({ err: error }, 'action: genesis hash read failed');
      return actionHeaders(null);
    }
  };
  await fastify.register(presaleActionRoutes, {
    deployment: options.deployment,
    presaleCache: options.presaleCache,
    presaleReader: options.presaleReader,
    buyerReader: options.buyerReader,
    leaderRecords: options.leaderRecords,
    leaders: options.leaders,
    connection,
    clock: options.clock,
    publicSiteUrl: options.publicSiteUrl,
    rateLimitWriteMax: options.rateLimitWriteMax,
    headers,
  });
  await fastify.register(actionsJsonRoute, { deployment: options.deployment, headers });
};
