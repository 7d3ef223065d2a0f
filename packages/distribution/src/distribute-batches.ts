import {
  ACCOUNT_COUNTS,
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  buildDistributeInstruction,
  MAX_DISTRIBUTE_BUYERS,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import {
  ComputeBudgetProgram,
  TransactionInstruction,
  type AddressLookupTableAccount,
  type PublicKey,
} from '@solana/web3.js';
import type { DeliveryTarget } from './delivery-targets';
import { versionedTransactionSize } from './transaction-size';

/** Solana's packet: the most bytes a transaction may take on the wire. */
export const PACKET_BYTES = 1232;
/** The most accounts one transaction may name (static and loaded from tables, programs included). */
export const MAX_TRANSACTION_ACCOUNTS = 64;
/** The base fee of one signature, in lamports. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/**
 * Compute units budgeted per transaction: Distribute's head, each buyer's transfer and each
 * associated token account created. Sized for SPL Token's own program on mainnet-beta (a
 * TransferChecked there costs ~4.6k more than on the local chain's p-token), with room: the
 * limit only caps the transaction, and costs lamports only with a priority fee.
 */
export const DISTRIBUTE_COMPUTE_UNITS = { head: 20_000, perBuyer: 12_000, perCreate: 40_000 };

/** Who pays and what every Distribute of one presale names. */
export interface BatchContext {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  /** The presale's FBT vault (`tempTokenAccount`). */
  readonly vault: PublicKey;
  /** The presale's authority PDA (the presale account names it). */
  readonly authority: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program (SPL Token or Token-2022); SPL Token when not named. */
  readonly tokenProgram?: PublicKey;
  /** The fee payer: signs, pays the fees and the rent of the accounts it creates. */
  readonly payer: PublicKey;
  /**
   * Lookup tables the transactions may load accounts from (the deployment's, holding the
   * presale, its vault and authority, the mint and SPL Token); none: every account is written
   * out in full.
   */
  readonly lookupTables: readonly AddressLookupTableAccount[];
  /**
   * The presale's buyer tables usable now (each buyer's record and FBT account): a batch loads
   * from those holding its buyers' accounts, besides {@link lookupTables}.
   */
  readonly buyerTables?: readonly AddressLookupTableAccount[];
  /** Priority fee, micro-lamports per compute unit (0: none). */
  readonly priorityFeeMicroLamports: number;
}

/** One Distribute transaction, ready to sign. */
export interface DistributeBatch {
  readonly targets: readonly DeliveryTarget[];
  readonly instructions: readonly TransactionInstruction[];
  /** Its size signed, in bytes (at most {@link PACKET_BYTES}). */
  readonly bytes: number;
  /** Accounts it names (at most {@link MAX_TRANSACTION_ACCOUNTS}). */
  readonly accounts: number;
  readonly computeUnitLimit: number;
  /** What it costs the fee payer in fees (the signature and the priority fee), lamports. */
  readonly feeLamports: bigint;
  /** The lookup tables it loads from (the context's and the buyer tables of its buyers). */
  readonly lookupTables?: readonly AddressLookupTableAccount[];
}

/** The compute budget of a batch (capped at the transaction maximum). */
export function batchComputeUnits(targets: readonly DeliveryTarget[]): number {
  const creates = targets.filter((target) => target.create).length;
  const units =
    DISTRIBUTE_COMPUTE_UNITS.head +
    targets.length * DISTRIBUTE_COMPUTE_UNITS.perBuyer +
    creates * DISTRIBUTE_COMPUTE_UNITS.perCreate;
  return Math.min(units, 1_400_000);
}

/** The fee of one signature plus `limit` units at `microLamports` each (rounded up). */
export function transactionFee(limit: number, microLamports: number): bigint {
  const priority = (BigInt(limit) * BigInt(microLamports) + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE + priority;
}

/** The compute budget of `units` at `microLamports` (no price instruction at 0). */
export function computeBudget(units: number, microLamports: number): TransactionInstruction[] {
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units }),
    ...(microLamports > 0 ? [ComputeBudgetProgram.setComputeUnitPrice({ microLamports })] : []),
  ];
}

/** The instructions of a batch before its Distribute: the budget, the accounts to create. */
function preludeInstructions(
  context: BatchContext,
  targets: readonly DeliveryTarget[],
): TransactionInstruction[] {
  const instructions = computeBudget(batchComputeUnits(targets), context.priorityFeeMicroLamports);
  for (const target of targets.filter((entry) => entry.create)) {
    instructions.push(
      buildCreateAssociatedTokenAccountIdempotentInstruction({
        payer: context.payer,
        owner: target.buyer,
        mint: context.mint,
        tokenProgram: context.tokenProgram ?? TOKEN_PROGRAM_ID,
      }),
    );
  }
  return instructions;
}

/** Distribute naming each target's record and FBT account. */
function distributeInstruction(
  context: BatchContext,
  targets: readonly DeliveryTarget[],
): TransactionInstruction {
  return buildDistributeInstruction({
    programId: context.programId,
    presale: context.presale,
    tempTokenAccount: context.vault,
    mint: context.mint,
    tokenProgram: context.tokenProgram ?? TOKEN_PROGRAM_ID,
    authority: context.authority,
    buyers: targets.map((target) => ({
      buyer: target.buyer,
      buyerRecord: target.record,
      buyerTokenAccount: target.tokenAccount,
    })),
  });
}

/**
 * The instructions of one batch: the compute budget, the idempotent creation of every
 * associated token account missing (the fee payer paying the rent), then one Distribute naming
 * each buyer's record and FBT account.
 */
export function batchInstructions(
  context: BatchContext,
  targets: readonly DeliveryTarget[],
): TransactionInstruction[] {
  return [...preludeInstructions(context, targets), distributeInstruction(context, targets)];
}

/**
 * The batch of `targets`; `window` is a Distribute already built for a longer run of buyers
 * starting with the same ones (the head, then two accounts per buyer), cut to `targets`.
 */
function batchOf(
  context: BatchContext,
  targets: readonly DeliveryTarget[],
  window: TransactionInstruction,
): DistributeBatch {
  const distribute = new TransactionInstruction({
    programId: window.programId,
    keys: window.keys.slice(0, ACCOUNT_COUNTS.Distribute + 2 * targets.length),
    data: window.data,
  });
  const instructions = [...preludeInstructions(context, targets), distribute];
  const size = versionedTransactionSize(context.payer, instructions, context.lookupTables);
  const computeUnitLimit = batchComputeUnits(targets);
  return {
    targets,
    instructions,
    ...size,
    computeUnitLimit,
    feeLamports: transactionFee(computeUnitLimit, context.priorityFeeMicroLamports),
    lookupTables: context.lookupTables,
  };
}

const describe = (batch: DistributeBatch) => `${batch.bytes} bytes, ${batch.accounts} accounts`;

const fits = (batch: DistributeBatch) =>
  batch.bytes <= PACKET_BYTES &&
  batch.accounts <= MAX_TRANSACTION_ACCOUNTS &&
  batch.targets.length <= MAX_DISTRIBUTE_BUYERS;

/** The largest batch of `window`'s first buyers that fits, trying `guess` buyers first. */
function largestFit(
  context: BatchContext,
  run: readonly DeliveryTarget[],
  window: TransactionInstruction,
  guess: number,
): DistributeBatch {
  const first = batchOf(context, run.slice(0, 1), window);
  if (!fits(first)) {
    throw new Error(`one buyer's delivery does not fit a transaction (${describe(first)})`);
  }
  // `best` fits; `tooLong` buyers (and more) do not.
  let best = first;
  let tooLong = run.length + 1;
  const tryCount = (count: number) => {
    const candidate = batchOf(context, run.slice(0, count), window);
    if (fits(candidate)) best = candidate;
    else tooLong = count;
  };
  const start = Math.min(Math.max(guess, 1), run.length);
  if (start > 1) tryCount(start);
  if (best.targets.length === start && start + 1 < tooLong) tryCount(start + 1);
  while (tooLong - best.targets.length > 1) {
    tryCount(Math.floor((best.targets.length + tooLong) / 2));
  }
  return best;
}

/**
 * Packs the targets, in order, into as few Distribute transactions as fit: each takes buyers
 * until one more would exceed the packet (the version-0 message's size with the context's lookup
 * tables), the 64 accounts a transaction may name, or the program's 28 buyers.
 * A buyer whose account is created costs more room (its wallet, the programs that create it).
 * A transaction only grows with each buyer added, so each batch tries first the size of the
 * one before (and one more), then bisects: about three sizes per transaction. It
 * yields to the event loop between transactions, so a long plan never stalls a server.
 */
export async function packDistributeBatches(
  context: BatchContext,
  targets: readonly DeliveryTarget[],
): Promise<DistributeBatch[]> {
  const tableOf = buyerTableIndex(context.buyerTables ?? []);
  const batches: DistributeBatch[] = [];
  let start = 0;
  let guess = MAX_DISTRIBUTE_BUYERS;
  while (start < targets.length) {
    const run = targets.slice(start, start + MAX_DISTRIBUTE_BUYERS);
    const runContext = { ...context, lookupTables: tablesOfRun(context, tableOf, run) };
    const window = distributeInstruction(runContext, run);
    const batch = largestFit(runContext, run, window, guess);
    batches.push(batch);
    start += batch.targets.length;
    guess = batch.targets.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return batches;
}

/** Each address of the buyer tables, to the first table holding it. */
export function buyerTableIndex(
  tables: readonly AddressLookupTableAccount[],
): Map<string, AddressLookupTableAccount> {
  const index = new Map<string, AddressLookupTableAccount>();
  for (const table of tables) {
    for (const address of table.state.addresses) {
      const text = address.toBase58();
      if (!index.has(text)) index.set(text, table);
    }
  }
  return index;
}

/** The context's tables, then the buyer tables holding a record of `run` (a few at most). */
function tablesOfRun(
  context: BatchContext,
  tableOf: ReadonlyMap<string, AddressLookupTableAccount>,
  run: readonly DeliveryTarget[],
): AddressLookupTableAccount[] {
  const tables = [...context.lookupTables];
  for (const target of run) {
    const table = tableOf.get(target.record.toBase58());
    if (table !== undefined && !tables.includes(table)) tables.push(table);
  }
  return tables;
}

/**
 * Buyers (Distribute targets, buyer records to refund) in the order that packs best: those whose
 * record a buyer table holds first, by table and position (a batch then loads one or two
 * tables), the others after, as they came.
 */
export function orderByBuyerTables<T extends { readonly record: PublicKey }>(
  targets: readonly T[],
  buyerTables: readonly AddressLookupTableAccount[],
): T[] {
  const position = new Map<string, number>();
  buyerTables.forEach((table, t) =>
    table.state.addresses.forEach((address, i) => {
      const text = address.toBase58();
      if (!position.has(text)) position.set(text, t * 1024 + i);
    }),
  );
  const rank = (target: T) => position.get(target.record.toBase58()) ?? Number.MAX_SAFE_INTEGER;
  return targets
    .map((target, i) => ({ target, i, rank: rank(target) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((entry) => entry.target);
}
