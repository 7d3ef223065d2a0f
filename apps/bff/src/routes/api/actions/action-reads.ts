import type {
  BuyerRecord,
  BuyerRecordReader,
  OnChainLeaderRecord,
  PresaleSnapshot,
  PresaleStateReader,
} from '@fbt/domain';
import type { FastifyRequest } from 'fastify';
import { ActionHttpError, refuse } from './action-errors';
import type { LeaderCodeLookup } from './leader-codes';

const CHAIN_UNAVAILABLE = 'The chain could not be read; retry shortly.';

/** The chain reads of the Action routes; a failed read answers 503 with `Retry-After: 2`. */
export interface ActionReads {
  /** Any chain read, logged as `what` when it fails. */
  chain<T>(read: () => Promise<T>, what: string, request: FastifyRequest): Promise<T>;
  /** The presale account as it is now (not the cache); 503 when it does not exist. */
  presale(address: string, request: FastifyRequest): Promise<PresaleSnapshot>;
  /** What `wallet` bought on the presale; null when it never bought. */
  buyerRecord(
    presale: string,
    wallet: string,
    request: FastifyRequest,
  ): Promise<BuyerRecord | null>;
  /** The code's record on the leader presale (`fresh`: not from the GETs' cache); 404 when none. */
  registeredCode(
    code: string,
    fresh: boolean,
    request: FastifyRequest,
  ): Promise<OnChainLeaderRecord>;
}

/** What {@link createActionReads} reads through. */
export interface ActionReadPorts {
  readonly presaleReader: PresaleStateReader;
  readonly buyerReader: BuyerRecordReader;
  readonly leaderCodes: LeaderCodeLookup;
}

export function createActionReads(ports: ActionReadPorts): ActionReads {
  const chain = async <T>(read: () => Promise<T>, what: string, request: FastifyRequest) => {
    try {
      return await read();
    } catch (error) {
      request.log.warn({ err: error }, `action: ${what} read failed`);
      throw new ActionHttpError('CHAIN__UNAVAILABLE', CHAIN_UNAVAILABLE, 503, 2);
    }
  };
  return {
    chain,
    async presale(address, request) {
      const snapshot = await chain(
        () => ports.presaleReader.readPresaleState(address),
        'presale',
        request,
      );
      return snapshot ?? refuse('The presale account does not exist.', 503);
    },
    buyerRecord: (presale, wallet, request) =>
      chain(() => ports.buyerReader.readBuyerRecord(presale, wallet), 'buyer record', request),
    async registeredCode(code, fresh, request) {
      const leader = await chain(
        () => ports.leaderCodes(code, { fresh }),
        'leader record',
        request,
      );
      if (leader === null) {
        return refuse(`Leader code "${code}" is not registered on the leader presale.`, 404);
      }
      return leader;
    },
  };
}
