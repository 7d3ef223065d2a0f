import { findAuthorityAddress } from '@fbt/presale-client';
import { getAccount, getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import {
  SystemProgram,
  type AddressLookupTableAccount,
  type Connection,
  type Keypair,
  type PublicKey,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYERS_PER_TABLE,
  extendBuyerTables,
  finalizePresale,
  listBuyerRecords,
  listBuyerTables,
  planDistribution,
  readDistributionPresale,
  retireBuyerTables,
  sendDistribution,
  TABLE_COOLDOWN_SLOTS,
  usableBuyerTables,
  waitForSlotAfter,
  type BuyerTable,
} from '../src/index';
import { SOL, startDistributionChain, type DistributionChain, type TestPresale } from './support';

let chain: DistributionChain;
let connection: Connection;
/** The keeper's hot key: the tables' authority and every fee's payer, never the seller. */
let keeper: Keypair;

beforeAll(async () => {
  chain = await startDistributionChain();
  connection = chain.connection;
  keeper = (await chain.fundedKeypairs(1, 10n * SOL))[0]!;
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

const EACH = SOL / 10n;
/** FBT base units 0.1 SOL buys at the test price (2,000 FBT). */
const TOKENS_EACH = 2_000_000_000n;
const balance = async (key: PublicKey) => BigInt(await connection.getBalance(key, 'confirmed'));
const ata = (owner: PublicKey) => getAssociatedTokenAddressSync(chain.mint, owner, true);

/** Extends the sale's tables from its records now (a keeper's look, no state of its own). */
async function extendNow(sale: TestPresale, minBuyers: number) {
  return extendBuyerTables({
    connection,
    payer: keeper,
    presale: sale.presale,
    mint: chain.mint,
    records: await listBuyerRecords(connection, chain.programId, sale.presale),
    minBuyers,
    send: { pollMs: 50 },
  });
}

/** Every address of the tables after their markers, as text. */
const tabled = (tables: readonly BuyerTable[]) =>
  tables.flatMap((table) => table.addresses.slice(1).map((address) => address.toBase58()));

/** The deployment's table: the sale's fixed accounts. */
function fixedTable(sale: TestPresale): Promise<AddressLookupTableAccount> {
  return chain.createLookupTable([
    sale.presale,
    sale.vault,
    findAuthorityAddress(chain.programId, sale.presale)[0],
    chain.mint,
    TOKEN_PROGRAM_ID,
    SystemProgram.programId,
  ]);
}

describe('buyer lookup tables built during the sale', () => {
  it('fills tables as buys land (across a restart), distributes 28 to a transaction, mixed with buyers in no table, then closes them', async () => {
    const count = 140;
    const sale = await chain.createPresale({
      limits: { minUserBuyable: EACH, maxUserBuyable: EACH, maxTotalBuyable: BigInt(count) * EACH },
    });
    const buyers = await chain.fundedKeypairs(count, 2n * EACH);

    // 10 buys: fewer than an extension's worth, nothing appended.
    await chain.buyAll(sale, buyers.slice(0, 10), EACH);
    expect(await extendNow(sale, 15)).toMatchObject({ transactions: 0, buyersOutside: 10 });
    expect(await listBuyerTables(connection, keeper.publicKey, sale.presale)).toEqual([]);

    // 60 buys: a table created, the presale its first address, every buyer's two accounts.
    await chain.buyAll(sale, buyers.slice(10, 60), EACH);
    const first = await extendNow(sale, 15);
    expect(first).toMatchObject({ tablesCreated: 1, buyersAdded: 60, buyersOutside: 0 });
    expect(first.transactions).toBe(5);
    let tables = await listBuyerTables(connection, keeper.publicKey, sale.presale);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.presale.toBase58()).toBe(sale.presale.toBase58());
    const records = await listBuyerRecords(connection, chain.programId, sale.presale);
    expect(new Set(tabled(tables))).toEqual(
      new Set(records.flatMap((entry) => [entry.record, ata(entry.buyer)]).map(String)),
    );

    // A restarted keeper (nothing kept but the chain): 70 more fill the table to its 127
    // buyers and open a second one; a look right after appends nothing twice.
    await chain.buyAll(sale, buyers.slice(60, 130), EACH);
    const second = await extendNow(sale, 15);
    expect(second).toMatchObject({ tablesCreated: 1, buyersAdded: 70, buyersOutside: 0 });
    expect(await extendNow(sale, 1)).toMatchObject({ transactions: 0, buyersAdded: 0 });
    tables = await listBuyerTables(connection, keeper.publicKey, sale.presale);
    expect(tables.map((table) => (table.addresses.length - 1) / 2).sort((a, b) => a - b)).toEqual([
      130 - BUYERS_PER_TABLE,
      BUYERS_PER_TABLE,
    ]);
    expect(new Set(tabled(tables)).size).toBe(2 * 130);

    // The last 10 buy after the last extension: they go out 14 to a transaction at most.
    await chain.buyAll(sale, buyers.slice(130), EACH);
    await finalizePresale({
      connection,
      programId: chain.programId,
      presale: sale.presale,
      payer: keeper,
    });
    const presale = await readDistributionPresale(connection, chain.programId, sale.presale);
    expect(presale.status).toBe('succeeded');
    const fixed = await fixedTable(sale);
    const slot = await waitForSlotAfter(
      connection,
      Math.max(...tables.map((table) => table.lastExtendedSlot)),
    );
    const buyerTables = usableBuyerTables(tables, slot);
    expect(buyerTables).toHaveLength(2);
    const plan = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
      lookupTables: [fixed],
      buyerTables,
    });
    const plain = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
      lookupTables: [fixed],
    });
    const sizes = plan.batches.map((batch) => batch.targets.length);
    expect(sizes.slice(0, 4)).toEqual([28, 28, 28, 28]);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
    expect(plan.batches.every((batch) => batch.bytes <= 1232 && batch.accounts <= 64)).toBe(true);
    const inTables = new Set(tabled(tables));
    const outside = plan.batches.filter((batch) =>
      batch.targets.every((target) => !inTables.has(target.record.toBase58())),
    );
    expect(outside.every((batch) => batch.targets.length <= 14)).toBe(true);
    expect(plain.batches.every((batch) => batch.targets.length <= 14)).toBe(true);
    expect(plan.batches.length).toBeLessThan(plain.batches.length);

    const before = await balance(keeper.publicKey);
    const result = await sendDistribution(plan, {
      connection,
      payer: keeper,
      send: { pollMs: 50 },
    });
    expect(result).toMatchObject({ confirmed: plan.batches.length, failed: 0 });
    expect(before - (await balance(keeper.publicKey))).toBe(plan.feeLamports);
    for (const buyer of buyers) {
      expect((await getAccount(connection, ata(buyer.publicKey), 'confirmed')).amount).toBe(
        TOKENS_EACH,
      );
    }
    expect(await readDistributionPresale(connection, chain.programId, sale.presale)).toMatchObject({
      buyersDelivered: BigInt(count),
      tokensOwed: 0n,
    });

    // After the last round: deactivated, then closed once cooled down, the rent back.
    const held = tables.reduce((sum, table) => sum + table.lamports, 0n);
    const retired = await retireBuyerTables({
      connection,
      payer: keeper,
      tables,
      slot: await connection.getSlot('confirmed'),
      send: { pollMs: 50 },
    });
    expect(retired).toMatchObject({ deactivated: 2, closed: 0, cooling: 2, transactions: 1 });
    const cooling = await listBuyerTables(connection, keeper.publicKey, sale.presale);
    const deactivatedAt = Math.max(...cooling.map((table) => Number(table.deactivatedAt)));
    expect(usableBuyerTables(cooling, deactivatedAt + 1)).toEqual([]);
    // Too early: the program would refuse it, so nothing is sent.
    expect(
      await retireBuyerTables({
        connection,
        payer: keeper,
        tables: cooling,
        slot: deactivatedAt + 1,
      }),
    ).toMatchObject({ closed: 0, transactions: 0, cooling: 2 });
    const closable = await waitForSlotAfter(connection, deactivatedAt + TABLE_COOLDOWN_SLOTS - 1, {
      pollMs: 500,
      timeoutMs: 120_000,
    });
    const beforeClose = await balance(keeper.publicKey);
    const closed = await retireBuyerTables({
      connection,
      payer: keeper,
      tables: cooling,
      slot: closable,
      send: { pollMs: 50 },
    });
    expect(closed).toMatchObject({ closed: 2, recoveredLamports: held, errors: [] });
    expect((await balance(keeper.publicKey)) - beforeClose).toBe(held - closed.feeLamports);
    expect(await listBuyerTables(connection, keeper.publicKey, sale.presale)).toEqual([]);
    for (const table of tables) expect(await connection.getAccountInfo(table.address)).toBeNull();
  }, 240_000);

  it('reports an extension the keeper cannot pay for, and appends the buyers at a later look', async () => {
    const sale = await chain.createPresale({
      limits: { minUserBuyable: EACH, maxUserBuyable: EACH, maxTotalBuyable: 100n * EACH },
    });
    await chain.buyAll(sale, await chain.fundedKeypairs(20, 2n * EACH), EACH);
    const poor = (await chain.fundedKeypairs(1, 1_000_000n))[0]!;
    const records = await listBuyerRecords(connection, chain.programId, sale.presale);
    const refused = await extendBuyerTables({
      connection,
      payer: poor,
      presale: sale.presale,
      mint: chain.mint,
      records,
      send: { pollMs: 50 },
    });
    expect(refused).toMatchObject({ transactions: 0, buyersAdded: 0, buyersOutside: 20 });
    expect(refused.errors.map((error) => error.code)).toEqual(['TRANSACTION_REFUSED']);
    expect(await listBuyerTables(connection, poor.publicKey, sale.presale)).toEqual([]);

    await chain.send(
      [
        SystemProgram.transfer({
          fromPubkey: chain.seller.publicKey,
          toPubkey: poor.publicKey,
          lamports: SOL,
        }),
      ],
      [chain.seller],
    );
    const funded = await extendBuyerTables({
      connection,
      payer: poor,
      presale: sale.presale,
      mint: chain.mint,
      records,
      send: { pollMs: 50 },
    });
    expect(funded).toMatchObject({ buyersAdded: 20, buyersOutside: 0, errors: [] });
  }, 120_000);
});
