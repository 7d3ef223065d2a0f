import {
  currentRound,
  LAMPORTS_PER_SIGNATURE,
  roundOwed,
  saleCompletion,
  type BatchOutcome,
  type BuyerRecordEntry,
  type DistributionPresale,
} from '@fbt/distribution';
import { formatSol, PRESALE_VARIANTS, type PresaleVariant } from '@fbt/domain';
import { unlockedTokens } from '@fbt/presale-client';
import type { KeeperKey } from '../app-deps';
import type { RefreshingResource } from '../cache/refreshing-resource';
import { toDistributionStatus, type DistributionStatus } from './distribution-status';
import { fullTableRent, maintainBuyerTables, retireBuyerTablesOf } from './keeper-buyer-tables';
import {
  describe,
  type DistributionKeeperOptions,
  type KeeperContext,
  type PresaleState,
} from './keeper-context';
import { refundIfFailed } from './keeper-refunds';

export type { DistributionKeeperOptions, KeeperMetrics } from './keeper-context';

/** The keeper's own view of one presale (this instance's, when it runs the keeper). */
export interface PresaleKeeperView {
  readonly lastRunAt: number | null;
  readonly lastError: string | null;
}

/** The fee payer as `/readyz` and the metrics report it. */
export interface FeePayerView {
  /** Its address, or null when there is no usable key. */
  readonly address: string | null;
  /** Why the keeper does not sign (no key, unreadable, the seller's key), or null. */
  readonly problem: string | null;
  /** `KEEPER_KEYPAIR` is set (readable or not). */
  readonly configured: boolean;
  readonly balanceLamports: bigint | null;
  readonly minBalanceLamports: bigint;
  readonly underfunded: boolean;
  /** Lamports its buyer lookup tables hold (rent, returned as each is closed); null: unread. */
  readonly tableRentLamports: bigint | null;
  /**
   * A presale at completion is selling (its buyers go into tables) and the balance is below
   * the minimum plus one full table's rent: the next table cannot be paid for.
   */
  readonly tablesUnderfunded: boolean;
}

/** Finalizes and distributes the deployment's at-completion presales (see the topic). */
export interface DistributionKeeper {
  /**
   * One look at a presale: reads it, sends Finalize once it is complete, and in each round
   * distributes what is due (when a usable fee payer is configured); returns its status.
   * Progress on the way is told to {@link onProgress}. Throws when the chain cannot be read.
   */
  pass(variant: PresaleVariant): Promise<DistributionStatus>;
  onProgress(listener: (status: DistributionStatus) => void): () => void;
  /** Reads the fee payer's balance (for the warning and the metric). */
  checkBalance(): Promise<void>;
  /**
   * Retires the buyer lookup tables of presales that need them no more (their last round
   * delivered, or every buyer refunded): deactivated, then closed once cooled down, the rent
   * back to the fee payer.
   */
  retireTables(): Promise<void>;
  /** While false, no transaction is sent and batches under way stop after those in flight. */
  setRunning(running: boolean): void;
  feePayer(): FeePayerView;
  view(variant: PresaleVariant): PresaleKeeperView;
}

/** Sends Finalize once the sale is complete (a usable key, running); returns the presale then. */
async function finalizeIfDue(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  now: bigint,
): Promise<DistributionPresale> {
  const { keeper, metrics, log } = context;
  const key = context.usableKey();
  if (!context.running() || !('keypair' in key) || !saleCompletion(presale, now).needsFinalize) {
    return presale;
  }
  try {
    const sent = await keeper.chain.finalize(presale, key.keypair);
    metrics.transaction('finalize', 'confirmed');
    metrics.fees(LAMPORTS_PER_SIGNATURE);
    log.info({ variant, signature: sent.signature }, 'keeper finalized a complete presale');
  } catch (error) {
    // Another keeper (or an operator) may have finalized it first: the read below tells.
    metrics.transaction('finalize', 'failed');
    context.states[variant].lastError = `finalize: ${describe(error)}`;
    log.warn({ variant, err: error }, 'keeper could not finalize');
  }
  return keeper.chain.readPresale(context.addresses[variant]);
}

/** Sends a round's batches; the buyers served grow as each batch is confirmed. */
async function sendRound(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  records: readonly BuyerRecordEntry[],
  round: bigint,
  now: bigint,
): Promise<void> {
  const { keeper, metrics, log } = context;
  const key = context.usableKey();
  if (!('keypair' in key)) return;
  const state = context.states[variant];
  const waiting = new Set(
    records
      .filter((entry) => entry.delivered < unlockedTokens(presale, entry.bought, round))
      .map((entry) => entry.buyer.toBase58()),
  );
  const plan = await keeper.chain.planDistribution(presale, records, now, key.keypair.publicKey);
  let served = BigInt(records.length - waiting.size);
  let unreachable = BigInt(plan.unreachable.length);
  // The presale as each confirmed batch leaves it (the program's own arithmetic), so every
  // message of the round agrees with itself; the read after the round replaces it.
  let projected = presale;
  const publish = () => {
    state.counts = { served, unreachable };
    context.progress(context.statusOf(variant, projected, now));
  };
  publish();
  const onBatch = (outcome: BatchOutcome) => {
    if ('error' in outcome && outcome.isolated === true) {
      // Refused for what this buyer alone names (an account refusing the transfer): left to its
      // Claim for this round, everyone else served; nothing was paid.
      metrics.transaction('distribute', 'failed');
      unreachable += BigInt(outcome.batch.targets.length);
      const buyers = outcome.batch.targets.map((target) => target.buyer.toBase58());
      log.warn({ variant, buyers, reason: outcome.error.message }, 'keeper delivery refused');
      publish();
      return;
    }
    if ('error' in outcome) {
      metrics.transaction('distribute', 'failed');
      state.lastError = `distribute: ${outcome.error.message}`;
      log.warn({ variant, err: outcome.error }, 'keeper distribute transaction failed');
      return;
    }
    metrics.transaction('distribute', 'confirmed');
    metrics.fees(outcome.batch.feeLamports);
    for (const target of outcome.batch.targets) {
      if (waiting.delete(target.buyer.toBase58())) served++;
      projected = {
        ...projected,
        tokensOwed: projected.tokensOwed - target.due,
        tokensDelivered: projected.tokensDelivered + target.due,
        buyersDelivered: projected.buyersDelivered + (target.completes ? 1n : 0n),
      };
    }
    publish();
  };
  const result = await keeper.chain.sendDistribution(plan, key.keypair, {
    onBatch,
    stopped: () => !context.running(),
  });
  log.info(
    { variant, confirmed: result.confirmed, failed: result.failed, tokens: String(result.tokens) },
    'keeper distribution round sent',
  );
  // Done for the round when every buyer was tried and only buyers refused alone are left.
  if (result.complete) state.servedRound = round;
  await refreshCounts(context, variant, presale, round);
}

/**
 * The buyers served at `round` read again from the records (the chain after the round, the
 * buyers' own Claims included); the unreachable ones never grow by it.
 */
async function refreshCounts(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  round: bigint,
): Promise<void> {
  const state = context.states[variant];
  const records = await context.keeper.chain.listBuyerRecords(presale);
  const served = records.filter(
    (entry) => entry.delivered >= unlockedTokens(presale, entry.bought, round),
  ).length;
  const left = BigInt(records.length - served);
  const unreachable = state.counts?.unreachable ?? 0n;
  state.counts = { served: BigInt(served), unreachable: unreachable < left ? unreachable : left };
}

/**
 * The round's distribution: the records read once per round (only with a usable key: without
 * one the program's count stands), the batches sent when owed. True when anything was sent.
 */
async function distributeIfOwed(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  now: bigint,
): Promise<boolean> {
  const state = context.states[variant];
  const round = currentRound(presale, now, context.roundSeconds);
  if (round === null) return false;
  if (state.servedRound === round && state.counts !== null) {
    // Buyers left to their Claim: the next look reads whether they claimed.
    if (state.counts.unreachable > 0n) await refreshCounts(context, variant, presale, round);
    return false;
  }
  if (!context.running() || !('keypair' in context.usableKey())) return false;
  const records = await context.keeper.chain.listBuyerRecords(presale);
  const servedAtRound = records.filter(
    (entry) => entry.delivered >= unlockedTokens(presale, entry.bought, round),
  ).length;
  state.counts = { served: BigInt(servedAtRound), unreachable: 0n };
  if (!roundOwed(presale, records, now, context.roundSeconds)) {
    state.servedRound = round;
    return false;
  }
  // Buyers bought since the last extension go into the tables first (28 to a transaction).
  await maintainBuyerTables(context, variant, presale, records);
  await sendRound(context, variant, presale, records, round, now);
  return true;
}

/**
 * Creates the keeper of the deployment's presales. It holds no state the chain does not: what
 * is delivered is read from the buyer records at each round, so a restart (or another instance
 * taking over) resumes where the chain stands, and nothing is delivered twice (the program
 * skips a buyer with nothing due).
 */
export function createDistributionKeeper(options: DistributionKeeperOptions): DistributionKeeper {
  const { keeper, addresses } = options;
  const listeners = new Set<(status: DistributionStatus) => void>();
  const sellers = new Map<PresaleVariant, string>();
  let running = false;
  let balance: bigint | null = null;
  let tableRent: bigint | null = null;
  let nextTableRent: bigint | null = null;
  const context: KeeperContext = {
    ...options,
    roundSeconds: BigInt(Math.max(1, Math.floor(keeper.vestingRoundMs / 1000))),
    states: Object.fromEntries(
      PRESALE_VARIANTS.map((variant) => [
        variant,
        {
          counts: null,
          servedRound: null,
          lastRunAt: null,
          lastError: null,
          selling: false,
          tabledBuyers: 0,
          finished: false,
        },
      ]),
    ) as Record<PresaleVariant, PresaleState>,
    usableKey: () => refuseSellers(keeper.feePayer(), sellers),
    running: () => running,
    statusOf: (variant, presale, now) =>
      toDistributionStatus({
        variant,
        presale,
        now,
        counts: context.states[variant].counts,
        roundSeconds: context.roundSeconds,
        keeperActive: running && 'keypair' in context.usableKey(),
      }),
    progress: (status) => {
      for (const listener of [...listeners]) listener(status);
    },
  };
  return {
    async pass(variant) {
      const state = context.states[variant];
      state.lastError = null;
      let presale = await keeper.chain.readPresale(addresses[variant]);
      sellers.set(variant, presale.sellerPubkey);
      // Every presale's seller is known before the keeper signs anything: never with one of them.
      for (const other of PRESALE_VARIANTS.filter((name) => !sellers.has(name))) {
        sellers.set(other, (await keeper.chain.readPresale(addresses[other])).sellerPubkey);
      }
      const now = await keeper.chain.chainTime();
      presale = await finalizeIfDue(context, variant, presale, now);
      state.selling =
        presale.deliveryMode === 'at-completion' &&
        (presale.status === 'open' || presale.status === 'sold-out');
      if (state.selling) await maintainBuyerTables(context, variant, presale);
      if (await refundIfFailed(context, variant, presale, now)) {
        presale = await keeper.chain.readPresale(addresses[variant]);
      }
      const settled =
        presale.status !== 'succeeded' || presale.buyersDelivered >= presale.buyerCount;
      if (!settled && (await distributeIfOwed(context, variant, presale, now))) {
        presale = await keeper.chain.readPresale(addresses[variant]);
      }
      state.lastRunAt = options.clock.now();
      const status = context.statusOf(variant, presale, now);
      state.finished =
        status.phase === 'done' || (status.phase === 'failed' && status.buyers === 0n);
      return status;
    },
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async checkBalance() {
      const key = context.usableKey();
      balance = 'keypair' in key ? await keeper.chain.balance(key.keypair.publicKey) : null;
      if (balance !== null) nextTableRent ??= await fullTableRent(keeper.chain);
    },
    async retireTables() {
      const held = await retireBuyerTablesOf(
        context,
        keeper.chain,
        (variant) => context.states[variant].finished,
      );
      tableRent = held?.rentLamports ?? null;
    },
    setRunning(next) {
      running = next;
    },
    feePayer() {
      const key = context.usableKey();
      const known = 'keypair' in key ? balance : null;
      const selling = PRESALE_VARIANTS.some((variant) => context.states[variant].selling);
      return {
        address: 'keypair' in key ? key.keypair.publicKey.toBase58() : null,
        problem: 'problem' in key ? key.problem : null,
        configured: !('unset' in key && key.unset === true),
        balanceLamports: known,
        minBalanceLamports: keeper.minBalanceLamports,
        underfunded: known !== null && known < keeper.minBalanceLamports,
        tableRentLamports: 'keypair' in key ? tableRent : null,
        tablesUnderfunded:
          selling &&
          known !== null &&
          nextTableRent !== null &&
          known >= keeper.minBalanceLamports &&
          known < keeper.minBalanceLamports + nextTableRent,
      };
    },
    view(variant) {
      const { lastRunAt, lastError } = context.states[variant];
      return { lastRunAt, lastError };
    },
  };
}

/** The key, unless it is the seller of a presale read so far (the keeper never signs with it). */
function refuseSellers(key: KeeperKey, sellers: ReadonlyMap<PresaleVariant, string>): KeeperKey {
  if ('problem' in key) return key;
  const address = key.keypair.publicKey.toBase58();
  const sold = PRESALE_VARIANTS.find((variant) => sellers.get(variant) === address);
  if (sold === undefined) return key;
  return {
    problem: `KEEPER_KEYPAIR ${address} is the seller of the ${sold} presale: the keeper never signs with the seller's key; give it a small key of its own`,
  };
}

/** What routes, `/readyz` and the metrics read of the distribution topic (`fastify.distribution`). */
export interface DistributionCache {
  readonly resources: Readonly<Record<PresaleVariant, RefreshingResource<DistributionStatus>>>;
  /** The keeper, or null without keeper ports (in-memory test worlds). */
  readonly keeper: DistributionKeeper | null;
}

/** The `/readyz` warnings of the keeper: no usable key while a presale needs one, no funds, errors. */
export function keeperWarnings(
  feePayer: FeePayerView,
  atCompletion: readonly PresaleVariant[],
  errors: readonly (readonly [PresaleVariant, string])[],
): string[] {
  const warnings: string[] = [];
  if (feePayer.problem !== null && atCompletion.length > 0) {
    warnings.push(
      `keeper: ${feePayer.problem}; the ${atCompletion.join(', ')} presale(s) deliver at completion and are not finalized or distributed by this deployment (fbt-operator finalize / distribute by hand)`,
    );
  }
  if (feePayer.underfunded && feePayer.address !== null) {
    warnings.push(
      `keeper: fee payer ${feePayer.address} holds ${formatSol(feePayer.balanceLamports ?? 0n)} SOL, below KEEPER_MIN_BALANCE_SOL (${formatSol(feePayer.minBalanceLamports)} SOL): fund it`,
    );
  }
  if (feePayer.tablesUnderfunded && feePayer.address !== null) {
    warnings.push(
      `keeper: fee payer ${feePayer.address} holds ${formatSol(feePayer.balanceLamports ?? 0n)} SOL: a presale is selling and its next buyer lookup table needs its rent on top of KEEPER_MIN_BALANCE_SOL (${formatSol(feePayer.minBalanceLamports)} SOL), returned when the table is closed after the last round: fund it`,
    );
  }
  for (const [variant, error] of errors) warnings.push(`keeper: ${variant}: ${error}`);
  return warnings;
}
