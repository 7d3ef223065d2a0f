/**
 * The steps of the buyer-table benchmark (`distribution-tables.ts`): buying with the keeper's
 * extensions as it would make them while the sale runs, distributing a round with or without
 * the tables, retiring the tables, refunding a failed sale. Each step measures itself.
 */
import {
  extendBuyerTables,
  finalizePresale,
  listBuyerRecords,
  listBuyerTables,
  planDistribution,
  planRefunds,
  readDistributionPresale,
  retireBuyerTables,
  sendDistribution,
  sendRefunds,
  TABLE_COOLDOWN_SLOTS,
  usableBuyerTables,
  waitForSlotAfter,
  type BuyerTable,
} from '@fbt/distribution';
import type { DistributionChain, TestPresale } from '@fbt/distribution/testing';
import { buildBuyInstructions, findAuthorityAddress } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import {
  SystemProgram,
  type AddressLookupTableAccount,
  type Keypair,
  type PublicKey,
} from '@solana/web3.js';

/** Transactions, fees (the payer's balance), rent and time of one step. */
export interface Measured {
  transactions: number;
  fees: bigint;
  ms: number;
}

export const zero = (): Measured => ({ transactions: 0, fees: 0n, ms: 0 });

const balanceOf = async (chain: DistributionChain, key: PublicKey) =>
  BigInt(await chain.connection.getBalance(key, 'confirmed'));

/** The deployment's table for `sales`: their fixed accounts, the mint and the programs. */
export function fixedTable(
  chain: DistributionChain,
  sales: readonly TestPresale[],
): Promise<AddressLookupTableAccount> {
  return chain.createLookupTable([
    ...sales.flatMap((sale) => [
      sale.presale,
      sale.vault,
      findAuthorityAddress(chain.programId, sale.presale)[0],
    ]),
    chain.mint,
    TOKEN_PROGRAM_ID,
    SystemProgram.programId,
  ]);
}

/** `buyer` buys `lamports` of each of `sales` in one transaction (its token account made once). */
export function buyEach(
  chain: DistributionChain,
  sales: readonly TestPresale[],
  buyer: Keypair,
  lamports: bigint,
): Promise<string> {
  const buyerTokenAccount = getAssociatedTokenAddressSync(chain.mint, buyer.publicKey);
  return chain.send(
    sales.flatMap((sale, index) =>
      buildBuyInstructions({
        programId: chain.programId,
        presale: sale.presale,
        buyer: buyer.publicKey,
        seller: chain.seller.publicKey,
        tempTokenAccount: sale.vault,
        mint: chain.mint,
        buyerTokenAccount,
        lamports,
        createBuyerTokenAccount: index === 0,
      }),
    ),
    [buyer],
  );
}

/**
 * Every buyer buys each of `sales` (one transaction, 32 at a time); after every `lookEvery` buys
 * the keeper appends the new buyers of `tabled` to their tables, as it does on its looks while
 * the sale runs (15 waiting at least). Returns the extensions' transactions, fees and time.
 */
export async function buyWithExtensions(options: {
  readonly chain: DistributionChain;
  readonly sales: readonly TestPresale[];
  readonly buyers: readonly Keypair[];
  readonly each: bigint;
  readonly tabled: readonly TestPresale[];
  readonly keeper: Keypair;
  readonly lookEvery: number;
  readonly log: (line: string) => void;
}): Promise<Measured> {
  const { chain, keeper } = options;
  const measured = zero();
  const buy = (buyer: Keypair) => buyEach(chain, options.sales, buyer, options.each);
  const look = async () => {
    const start = performance.now();
    for (const sale of options.tabled) {
      const result = await extendBuyerTables({
        connection: chain.connection,
        payer: keeper,
        presale: sale.presale,
        mint: chain.mint,
        records: await listBuyerRecords(chain.connection, chain.programId, sale.presale),
        minBuyers: 15,
        send: { pollMs: 50 },
      });
      if (result.errors.length > 0) throw result.errors[0]!;
      measured.transactions += result.transactions;
      measured.fees += result.feeLamports;
    }
    measured.ms += performance.now() - start;
  };
  let sinceLook = 0;
  for (let i = 0; i < options.buyers.length; i += 32) {
    const chunk = options.buyers.slice(i, i + 32);
    await Promise.all(chunk.map(buy));
    sinceLook += chunk.length;
    if (sinceLook >= options.lookEvery) {
      sinceLook = 0;
      await look();
    }
    if ((i / 32) % 100 === 0)
      options.log(`  bought: ${i + chunk.length} of ${options.buyers.length}`);
  }
  return measured;
}

/** The sale's buyer tables the keeper owns, as usable now (after their last extension's slot). */
export async function usableTablesOf(
  chain: DistributionChain,
  keeper: Keypair,
  sale: TestPresale,
): Promise<{ tables: BuyerTable[]; usable: AddressLookupTableAccount[] }> {
  const tables = await listBuyerTables(chain.connection, keeper.publicKey, sale.presale);
  if (tables.length === 0) return { tables, usable: [] };
  const slot = await waitForSlotAfter(
    chain.connection,
    Math.max(...tables.map((table) => table.lastExtendedSlot)),
  );
  return { tables, usable: usableBuyerTables(tables, slot) };
}

/** One distribution round: what it sent, its buyers per Distribute, fees and wall time. */
export interface Round extends Measured {
  readonly distributes: number;
  readonly buyers: number;
  /** Extensions sent at completion for the buyers of the last look (with tables). */
  readonly flush: number;
  /** Rent those extensions locked in the tables (not in `fees`). */
  readonly rent: bigint;
  readonly failed: number;
}

/**
 * A round as the keeper runs it, from the moment it starts: with tables, the buyers of the last
 * look appended first (and their slot waited for); `finalize` first at completion; then the
 * records read, the plan and the Distribute transactions, `inFlight` at a time.
 */
export async function distributeRound(options: {
  readonly chain: DistributionChain;
  readonly sale: TestPresale;
  readonly keeper: Keypair;
  readonly fixed: AddressLookupTableAccount;
  readonly withTables: boolean;
  readonly finalize: boolean;
  readonly inFlight: number;
}): Promise<Round> {
  const { chain, sale, keeper } = options;
  const { connection, programId } = chain;
  const before = await balanceOf(chain, keeper.publicKey);
  const start = performance.now();
  let flush = 0;
  let transactions = 0;
  const rentHeld = async () =>
    (await listBuyerTables(connection, keeper.publicKey, sale.presale)).reduce(
      (sum, table) => sum + table.lamports,
      0n,
    );
  const rentBefore = options.withTables ? await rentHeld() : 0n;
  if (options.finalize) {
    await finalizePresale({ connection, programId, presale: sale.presale, payer: keeper });
    transactions++;
  }
  const records = await listBuyerRecords(connection, programId, sale.presale);
  if (options.withTables) {
    const result = await extendBuyerTables({
      connection,
      payer: keeper,
      presale: sale.presale,
      mint: chain.mint,
      records,
      minBuyers: 15,
      send: { pollMs: 50 },
    });
    flush = result.transactions;
  }
  const buyerTables = options.withTables ? (await usableTablesOf(chain, keeper, sale)).usable : [];
  const plan = await planDistribution({
    connection,
    programId,
    presale: await readDistributionPresale(connection, programId, sale.presale),
    payer: keeper.publicKey,
    records,
    lookupTables: [options.fixed],
    buyerTables,
  });
  const sent = await sendDistribution(plan, {
    connection,
    payer: keeper,
    inFlight: options.inFlight,
    send: { pollMs: 50 },
  });
  const ms = performance.now() - start;
  const rent = options.withTables ? (await rentHeld()) - rentBefore : 0n;
  return {
    transactions: transactions + flush + sent.confirmed,
    distributes: sent.confirmed,
    buyers: plan.batches.reduce((sum, batch) => sum + batch.targets.length, 0),
    flush,
    rent,
    failed: sent.failed,
    fees: before - (await balanceOf(chain, keeper.publicKey)) - rent,
    ms,
  };
}

/** Retiring a sale's tables: deactivation, the cool-down waited, closing; the rent back. */
export interface Retired {
  readonly transactions: number;
  readonly fees: bigint;
  readonly recovered: bigint;
  readonly cooldownMs: number;
}

export async function retireTables(
  chain: DistributionChain,
  keeper: Keypair,
  sale: TestPresale,
): Promise<Retired> {
  const { connection } = chain;
  const tables = await listBuyerTables(connection, keeper.publicKey, sale.presale);
  const first = await retireBuyerTables({
    connection,
    payer: keeper,
    tables,
    slot: await connection.getSlot('confirmed'),
    send: { pollMs: 50 },
  });
  const cooling = await listBuyerTables(connection, keeper.publicKey, sale.presale);
  const start = performance.now();
  const deactivatedAt = Math.max(...cooling.map((table) => Number(table.deactivatedAt)));
  const slot = await waitForSlotAfter(connection, deactivatedAt + TABLE_COOLDOWN_SLOTS - 1, {
    pollMs: 500,
    timeoutMs: 300_000,
  });
  const cooldownMs = performance.now() - start;
  const second = await retireBuyerTables({
    connection,
    payer: keeper,
    tables: cooling,
    slot,
    send: { pollMs: 50 },
  });
  return {
    transactions: first.transactions + second.transactions,
    fees: first.feeLamports + second.feeLamports,
    recovered: second.recoveredLamports,
    cooldownMs,
  };
}

/** Refunding a failed, finalized sale until no record is left (passes, as the keeper's). */
export async function refundAll(options: {
  readonly chain: DistributionChain;
  readonly sale: TestPresale;
  readonly keeper: Keypair;
  readonly fixed: AddressLookupTableAccount;
  readonly withTables: boolean;
  readonly inFlight: number;
}): Promise<Measured & { perTransaction: number }> {
  const { chain, sale, keeper } = options;
  const { connection, programId } = chain;
  const before = await balanceOf(chain, keeper.publicKey);
  const start = performance.now();
  let transactions = 0;
  let refunded = 0;
  for (let pass = 0; pass < 5; pass++) {
    const records = await listBuyerRecords(connection, programId, sale.presale);
    if (records.length === 0) break;
    const buyerTables = options.withTables
      ? (await usableTablesOf(chain, keeper, sale)).usable
      : [];
    const batches = await planRefunds({
      programId,
      presale: await readDistributionPresale(connection, programId, sale.presale),
      records,
      payer: keeper.publicKey,
      lookupTables: [options.fixed],
      buyerTables,
    });
    const sent = await sendRefunds(batches, {
      connection,
      payer: keeper,
      inFlight: options.inFlight,
      send: { pollMs: 50 },
    });
    transactions += sent.confirmed;
    refunded += sent.refunded;
  }
  return {
    transactions,
    fees: before - (await balanceOf(chain, keeper.publicKey)),
    ms: performance.now() - start,
    perTransaction: refunded / Math.max(1, transactions),
  };
}
