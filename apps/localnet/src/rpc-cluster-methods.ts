import { VersionedMessage } from '@solana/web3.js';
import type { Chain } from './chain-types';
import { responseContext, SOLANA_CORE_VERSION } from './rpc-context';
import type { RpcMethodGroup } from './rpc-context';
import { invalidParams } from './rpc-error';
import { configAt, nonNegativeInteger, pubkeyAt } from './rpc-params';
import { LAMPORTS_PER_SIGNATURE } from './wire-transaction';

const FEATURE_SET = 4_140_108_451;
const SLOTS_PER_EPOCH = 432_000;
/** Largest account agave allows, so rent is never quoted for one that cannot exist. */
const MAX_ACCOUNT_DATA_LENGTH = 10_485_760n;

/** What the cluster methods read from the chain. */
export type ClusterChain = Pick<
  Chain,
  | 'genesisHash'
  | 'slot'
  | 'finalizationSlots'
  | 'transactionCount'
  | 'latestBlockhash'
  | 'isBlockhashValid'
  | 'prioritizationFees'
  | 'minimumBalanceForRentExemption'
>;

/**
 * Cluster, slot, blockhash and fee methods: what a client asks before it builds a transaction
 * (getVersion, getSlot, getLatestBlockhash, getFeeForMessage, rent, priority fees, ...).
 */
export function createClusterMethods(chain: ClusterChain): RpcMethodGroup {
  const context = () => responseContext(chain.slot());
  return {
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
    getHealth: () => 'ok',
    getGenesisHash: () => chain.genesisHash,
    // 'finalized' (the default, as on a cluster) is the slot `finalizationSlots` back: what a
    // lookup table is derived from, since the current slot is not yet in SlotHashes.
    getSlot: (params) => {
      const commitment = configAt(params, 0).commitment ?? 'finalized';
      const slot = chain.slot();
      return commitment === 'finalized' ? Math.max(0, slot - chain.finalizationSlots) : slot;
    },
    getBlockHeight: () => chain.slot(),
    getTransactionCount: () => chain.transactionCount(),
    getEpochInfo: () => {
      const slot = chain.slot();
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.transactionCount(),
      };
    },
    getLatestBlockhash: () => ({ context: context(), value: chain.latestBlockhash() }),
    isBlockhashValid: (params) => {
      const hash = params[0];
      if (typeof hash !== 'string') throw invalidParams('blockhash must be a base58 string');
      return { context: context(), value: chain.isBlockhashValid(hash) };
    },
    getFeeForMessage: (params) => {
      const text = params[0];
      if (typeof text !== 'string') throw invalidParams('message must be a base64 string');
      let message;
      try {
        message = VersionedMessage.deserialize(Buffer.from(text, 'base64'));
      } catch (error) {
        throw invalidParams(`failed to deserialize message: ${(error as Error).message}`);
      }
      const valid = chain.isBlockhashValid(message.recentBlockhash);
      return {
        context: context(),
        value: valid
          ? Number(LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures))
          : null,
      };
    },
    getRecentPrioritizationFees: (params) => {
      const list = params[0] ?? [];
      if (!Array.isArray(list))
        throw invalidParams('addresses must be an array of base58 public keys');
      if (list.length > 128) throw invalidParams('too many addresses (max 128)');
      const addresses = list.map((_value, i) => pubkeyAt(list, i, `addresses[${i}]`));
      return chain.prioritizationFees(addresses);
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = nonNegativeInteger(params[0], 'data length');
      if (size > MAX_ACCOUNT_DATA_LENGTH)
        throw invalidParams('data length exceeds the 10 MiB account limit');
      return chain.minimumBalanceForRentExemption(Number(size));
    },
  };
}
