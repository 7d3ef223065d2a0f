import type { DistributionPresale } from '@fbt/distribution';
import type { Clock, PresaleVariant } from '@fbt/domain';
import type { KeeperDeps, KeeperKey } from '../app-deps';
import type { BuyerCounts, DistributionStatus } from './distribution-status';

/** What the keeper counts (`fbt_keeper_*`). */
export interface KeeperMetrics {
  transaction(
    kind: 'finalize' | 'distribute' | 'refund' | 'table',
    outcome: 'confirmed' | 'failed',
  ): void;
  /** Fees of a confirmed transaction, lamports. */
  fees(lamports: bigint): void;
}

/** Options of {@link createDistributionKeeper}. */
export interface DistributionKeeperOptions {
  readonly keeper: KeeperDeps;
  readonly addresses: Readonly<Record<PresaleVariant, string>>;
  readonly clock: Clock;
  readonly metrics: KeeperMetrics;
  readonly log: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
}

export interface PresaleState {
  counts: BuyerCounts | null;
  /** The round every buyer was served for, when the records last showed it. */
  servedRound: bigint | null;
  lastRunAt: number | null;
  lastError: string | null;
  /** At completion and still selling (its buyers go into lookup tables). */
  selling: boolean;
  /** Buyers its lookup tables held when last read (a lower bound: only this key adds). */
  tabledBuyers: number;
  /** Its buyer lookup tables are needed no more: done, or every buyer refunded. */
  finished: boolean;
}

export const describe = (error: unknown) =>
  error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : String(error);

/** What the keeper's steps share: its ports, its per-presale state, and what it may do now. */
export interface KeeperContext extends DistributionKeeperOptions {
  readonly roundSeconds: bigint;
  readonly states: Record<PresaleVariant, PresaleState>;
  /** The fee payer if the keeper may sign with it: configured, readable, no presale's seller. */
  usableKey(): KeeperKey;
  running(): boolean;
  statusOf(variant: PresaleVariant, presale: DistributionPresale, now: bigint): DistributionStatus;
  progress(status: DistributionStatus): void;
}
