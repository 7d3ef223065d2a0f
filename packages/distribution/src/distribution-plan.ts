import { TOKEN_ACCOUNT_SIZE } from '@fbt/domain';
import { fetchMintTokenProgram, TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import {
  PublicKey,
  type AddressLookupTableAccount,
  type Connection,
  type Keypair,
} from '@solana/web3.js';
import { listBuyerRecords, type BuyerRecordEntry } from './buyer-records';
import { dueDeliveries, type DueDelivery } from './delivery-due';
import {
  resolveDeliveryTargets,
  type DeliveryTarget,
  type UnreachableBuyer,
} from './delivery-targets';
import {
  orderByBuyerTables,
  packDistributeBatches,
  type DistributeBatch,
} from './distribute-batches';
import { splitDistributeBatch } from './batch-split';
import { DistributionError } from './distribution-error';
import { readChainTime, type DistributionPresale } from './presale-read';
import { sendBatches, type SentBatch } from './send-batches';
import type { SendOptions } from './send-transaction';

/** What one distribution pass would send, and why. */
export interface DistributionPlan {
  readonly presale: DistributionPresale;
  /** The cluster's time the plan was judged at (unix seconds). */
  readonly now: bigint;
  /** Every buyer record of the presale. */
  readonly records: readonly BuyerRecordEntry[];
  /** The buyers owed FBT now. */
  readonly due: readonly DueDelivery[];
  /** Due buyers no account of whose can take FBT: left to their Claim. */
  readonly unreachable: readonly UnreachableBuyer[];
  readonly batches: readonly DistributeBatch[];
  /** FBT base units the batches move. */
  readonly tokens: bigint;
  /** Fees of every batch, lamports. */
  readonly feeLamports: bigint;
  /**
   * Rent of the token accounts the batches create, lamports, less what was already at their
   * addresses (paid by the fee payer).
   */
  readonly rentLamports: bigint;
}

/** What {@link planDistribution} reads and who would pay. */
export interface PlanOptions {
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly presale: DistributionPresale;
  /** The fee payer's address (it need not sign to plan). */
  readonly payer: PublicKey;
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  /** The presale's buyer tables usable now (see `usableBuyerTables`). */
  readonly buyerTables?: readonly AddressLookupTableAccount[];
  readonly priorityFeeMicroLamports?: number;
  /** Judge at this time instead of the cluster's Clock. */
  readonly now?: bigint;
  /** The presale's records, when the caller just read them. */
  readonly records?: readonly BuyerRecordEntry[];
}

/**
 * The size of an associated token account the batches create: a Token-2022 one carries the
 * ImmutableOwner extension (the account type byte and its empty TLV entry, 5 bytes more).
 */
function associatedAccountSize(tokenProgram: PublicKey): number {
  return tokenProgram.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_ACCOUNT_SIZE + 5 : TOKEN_ACCOUNT_SIZE;
}

/**
 * What the fee payer pays to create `target`'s account: the rent less the lamports already at
 * the address (the associated token program transfers only the shortfall), never below 0.
 */
function rentToPay(rent: bigint, target: DeliveryTarget): bigint {
  const there = target.prefundedLamports ?? 0n;
  return there >= rent ? 0n : rent - there;
}

/** Refuses a presale Distribute would refuse, naming why. */
function assertDistributable(presale: DistributionPresale): void {
  const address = presale.address.toBase58();
  if (presale.deliveryMode !== 'at-completion') {
    throw new DistributionError(
      'NOT_AT_COMPLETION',
      `presale ${address} delivers its FBT in each buy: there is nothing to distribute`,
    );
  }
  if (presale.status === 'failed') {
    throw new DistributionError(
      'SALE_FAILED',
      `presale ${address} missed its minimum raise: buyers are refunded and nothing is distributed`,
    );
  }
  if (presale.status !== 'succeeded') {
    throw new DistributionError(
      'NOT_FINALIZED',
      `presale ${address} is not finalized (status ${presale.status}): finalize it once it is complete`,
    );
  }
}

/**
 * Plans a distribution of a finalized, successful presale: the buyers owed FBT by the cluster's
 * time, each one's FBT account, and the Distribute transactions that deliver them, packed to fit
 * one packet each. Sends nothing.
 */
export async function planDistribution(options: PlanOptions): Promise<DistributionPlan> {
  const { connection, presale } = options;
  assertDistributable(presale);
  const now = options.now ?? (await readChainTime(connection));
  const records =
    options.records ?? (await listBuyerRecords(connection, options.programId, presale.address));
  const due = dueDeliveries(presale, records, now);
  const mint = new PublicKey(presale.mint);
  const tokenProgram = await fetchMintTokenProgram(connection, mint);
  const { targets, unreachable } = await resolveDeliveryTargets(
    connection,
    { address: mint, tokenProgram },
    due,
  );
  const batches = await packDistributeBatches(
    {
      programId: options.programId,
      presale: presale.address,
      vault: new PublicKey(presale.tempTokenAccountPubkey),
      authority: new PublicKey(presale.authority),
      mint,
      tokenProgram,
      payer: options.payer,
      lookupTables: options.lookupTables ?? [],
      buyerTables: options.buyerTables ?? [],
      priorityFeeMicroLamports: options.priorityFeeMicroLamports ?? 0,
    },
    orderByBuyerTables(targets, options.buyerTables ?? []),
  );
  const created = targets.filter((target) => target.create);
  const rent =
    created.length === 0
      ? 0n
      : BigInt(
          await connection.getMinimumBalanceForRentExemption(associatedAccountSize(tokenProgram)),
        );
  return {
    presale,
    now,
    records,
    due,
    unreachable,
    batches,
    tokens: targets.reduce((sum, target) => sum + target.due, 0n),
    feeLamports: batches.reduce((sum, batch) => sum + batch.feeLamports, 0n),
    rentLamports: created.reduce((sum, target) => sum + rentToPay(rent, target), 0n),
  };
}

/** One batch sent: confirmed, or refused/failed (then `error`). */
export type BatchOutcome = SentBatch<DistributeBatch>;

/** What {@link sendDistribution} did. */
export interface DistributionResult {
  readonly outcomes: readonly BatchOutcome[];
  readonly confirmed: number;
  /** Transactions refused or failed, the isolated buyers' included. */
  readonly failed: number;
  /**
   * Buyers whose delivery alone was refused (a batch refused in preflight split down to them):
   * unreachable this round, the refusal as reason, left to their Claim or a later round.
   */
  readonly isolated: readonly UnreachableBuyer[];
  /**
   * Every buyer of the plan was tried and every failure is an isolated buyer's (nothing stopped
   * the sending, no transaction failed for another reason): the round is done.
   */
  readonly complete: boolean;
  /** FBT base units the confirmed batches moved. */
  readonly tokens: bigint;
  /** Fees of the confirmed batches, lamports. */
  readonly feeLamports: bigint;
}

/** How {@link sendDistribution} sends. */
export interface SendDistributionOptions {
  readonly connection: Connection;
  readonly payer: Keypair;
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  /** Transactions awaiting confirmation at once (default 4). */
  readonly inFlight?: number;
  readonly send?: SendOptions;
  /** Told of each batch as it is confirmed or fails, in completion order. */
  readonly onBatch?: (outcome: BatchOutcome) => void;
  /** Stops sending new batches once it returns true (those in flight finish). */
  readonly stopped?: () => boolean;
}

/**
 * Sends a plan's batches, `inFlight` at a time; a batch that is refused, fails or cannot be
 * sent (the node unreachable) is reported and the others go on (a later pass plans it again
 * from the chain). A batch refused in preflight by its Distribute (an account the
 * program or the token program refuses at transfer time) is split in halves and sent again,
 * down to single buyers, so the refused buyer is isolated and everyone else served. Idempotent:
 * a buyer delivered since the plan has nothing due, so the program skips it.
 */
export async function sendDistribution(
  plan: Pick<DistributionPlan, 'batches'>,
  options: SendDistributionOptions,
): Promise<DistributionResult> {
  const tables = options.lookupTables ?? [];
  const outcomes = await sendBatches(plan.batches, {
    ...options,
    // Only Distribute's own refusal is one buyer's: a create failing is the fee payer's.
    split: (batch, failed) =>
      failed === batch.instructions.length - 1
        ? splitDistributeBatch(batch, options.payer.publicKey, tables)
        : null,
  });
  const confirmed = outcomes.filter((outcome) => 'confirmed' in outcome);
  const isolated = outcomes.flatMap((outcome) =>
    'error' in outcome && outcome.isolated === true
      ? outcome.batch.targets.map((target) => ({
          record: target.record,
          buyer: target.buyer,
          due: target.due,
          completes: target.completes,
          delivered: target.delivered,
          reason: `its delivery to ${target.tokenAccount.toBase58()} was refused: ${outcome.error.message}`,
        }))
      : [],
  );
  const tried = outcomes.reduce((sum, { batch }) => sum + batch.targets.length, 0);
  const planned = plan.batches.reduce((sum, batch) => sum + batch.targets.length, 0);
  const failed = outcomes.length - confirmed.length;
  return {
    outcomes,
    confirmed: confirmed.length,
    failed,
    isolated,
    complete: tried === planned && failed === outcomes.filter((o) => 'isolated' in o).length,
    tokens: confirmed.reduce(
      (sum, { batch }) => sum + batch.targets.reduce((total, target) => total + target.due, 0n),
      0n,
    ),
    feeLamports: confirmed.reduce((sum, { batch }) => sum + batch.feeLamports, 0n),
  };
}
