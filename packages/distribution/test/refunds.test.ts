import { buildRefundInstruction } from '@fbt/presale-client';
import { Connection, type Keypair, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extendBuyerTables,
  finalizePresale,
  listBuyerRecords,
  listBuyerTables,
  planRefunds,
  readChainTime,
  readDistributionPresale,
  sendRefunds,
  usableBuyerTables,
  waitForSlotAfter,
  type DistributionPresale,
} from '../src/index';
import {
  SOL,
  startDistributionChain,
  startFaultyRpc,
  type DistributionChain,
  type TestPresale,
} from './support';

let chain: DistributionChain;
let connection: Connection;
/** The keeper's hot key: pays every Refund transaction, never the seller. */
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
const balance = async (key: PublicKey) => BigInt(await connection.getBalance(key, 'confirmed'));
const read = (sale: TestPresale) =>
  readDistributionPresale(connection, chain.programId, sale.presale);

/** `count` buyers of 0.1 SOL in a sale whose 100 SOL minimum raise is missed, finalized. */
async function failedSale(count: number, options: { tables?: boolean } = {}) {
  const sale = await chain.createPresale({
    limits: { minUserBuyable: EACH, maxUserBuyable: EACH, maxTotalBuyable: 1_000n * SOL },
    terms: { mode: 'at-completion', minimumRaise: 100n * SOL },
    saleEnd: (await readChainTime(connection)) + 600n,
  });
  const buyers = await chain.fundedKeypairs(count, 2n * EACH);
  await chain.buyAll(sale, buyers, EACH);
  if (options.tables === true) {
    await extendBuyerTables({
      connection,
      payer: keeper,
      presale: sale.presale,
      mint: chain.mint,
      records: await listBuyerRecords(connection, chain.programId, sale.presale),
      send: { pollMs: 50 },
    });
  }
  chain.localnet.chain.advanceClock(700);
  await finalizePresale({
    connection,
    programId: chain.programId,
    presale: sale.presale,
    payer: keeper,
  });
  const presale = await read(sale);
  expect(presale.status).toBe('failed');
  return { sale, buyers, presale };
}

/** What each buyer holds now, and what its record holds (returned with its refund). */
async function holdings(sale: TestPresale, buyers: readonly Keypair[]) {
  const records = await listBuyerRecords(connection, chain.programId, sale.presale);
  const recordOf = new Map(records.map((entry) => [entry.buyer.toBase58(), entry.record]));
  const owed = new Map<string, bigint>();
  for (const buyer of buyers) {
    const key = buyer.publicKey.toBase58();
    owed.set(key, (await balance(buyer.publicKey)) + EACH + (await balance(recordOf.get(key)!)));
  }
  return owed;
}

async function planFor(presale: DistributionPresale, withTables: boolean) {
  const records = await listBuyerRecords(connection, chain.programId, presale.address);
  let buyerTables;
  if (withTables) {
    const tables = await listBuyerTables(connection, keeper.publicKey, presale.address);
    const slot = await waitForSlotAfter(
      connection,
      Math.max(...tables.map((t) => t.lastExtendedSlot)),
    );
    buyerTables = usableBuyerTables(tables, slot);
  }
  return planRefunds({
    programId: chain.programId,
    presale,
    records,
    payer: keeper.publicKey,
    ...(buyerTables === undefined ? {} : { buyerTables }),
  });
}

describe('refunds of a failed sale, sent by the keeper', () => {
  it('refunds every buyer, many to a transaction, each one its lamports back exactly, racing a buyer’s own Refund', async () => {
    const count = 60;
    const { sale, buyers, presale } = await failedSale(count, { tables: true });
    const owed = await holdings(sale, buyers);

    const plain = await planFor(presale, false);
    const batches = await planFor(presale, true);
    for (const plan of [plain, batches]) {
      expect(plan.flatMap((batch) => batch.records).length).toBe(count);
      expect(plan.every((batch) => batch.bytes <= 1232 && batch.accounts <= 64)).toBe(true);
    }
    // Each Refund names the record and the wallet: 13 fit a packet written out; with the
    // records (and the presale, each table's first address) loaded from the sale's tables, 24.
    expect(plain[0]!.records.length).toBe(13);
    expect(batches[0]!.records.length).toBe(24);

    // A buyer refunds itself after the keeper planned: the batch naming it is refused, split
    // in halves down to the racer's own Refund, and everyone else in it refunded in the pass.
    const racer = buyers.find((buyer) =>
      batches[1]!.records.some((entry) => entry.buyer.equals(buyer.publicKey)),
    )!;
    await chain.send(
      [
        buildRefundInstruction({
          programId: chain.programId,
          presale: sale.presale,
          buyer: racer.publicKey,
        }),
      ],
      [racer],
    );
    const before = await balance(keeper.publicKey);
    const first = await sendRefunds(batches, { connection, payer: keeper, send: { pollMs: 50 } });
    expect(first).toMatchObject({ failed: 1, refunded: count - 1 });
    const refused = first.outcomes.filter((outcome) => 'error' in outcome);
    expect(refused.map(({ batch }) => batch.records.map((entry) => entry.buyer))).toEqual([
      [racer.publicKey],
    ]);
    expect(
      refused.map((outcome) => 'error' in outcome && [outcome.error.code, outcome.isolated]),
    ).toEqual([['TRANSACTION_REFUSED', true]]);
    // A refused transaction costs nothing: the keeper paid the confirmed ones' fees only.
    expect(before - (await balance(keeper.publicKey))).toBe(first.feeLamports);
    expect(first.confirmed).toBeGreaterThan(batches.length - 1);

    expect(await listBuyerRecords(connection, chain.programId, sale.presale)).toEqual([]);
    for (const buyer of buyers) {
      const paid = buyer === racer ? 5_000n : 0n;
      expect(await balance(buyer.publicKey)).toBe(owed.get(buyer.publicKey.toBase58())! - paid);
    }
    expect(await read(sale)).toMatchObject({
      buyersRefunded: BigInt(count),
      refundedLamports: BigInt(count) * EACH,
      escrowLamports: 0n,
    });
  }, 180_000);

  it('an RPC failure mid-round leaves the rest to the next pass, nobody refunded twice', async () => {
    const count = 40;
    const { sale, buyers, presale } = await failedSale(count);
    const owed = await holdings(sale, buyers);
    const faulty = await startFaultyRpc(chain.localnet.rpcUrl);
    try {
      const through = new Connection(faulty.url, 'confirmed');
      const batches = await planFor(presale, false);
      expect(batches.length).toBeGreaterThan(2);
      faulty.failSendsAfter(1);
      const first = await sendRefunds(batches, {
        connection: through,
        payer: keeper,
        inFlight: 1,
        send: { pollMs: 50 },
      });
      expect(first).toMatchObject({ confirmed: 1, failed: batches.length - 1 });
      faulty.heal();
      const again = await planFor(await read(sale), false);
      expect(again.flatMap((batch) => batch.records)).toHaveLength(
        count - batches[0]!.records.length,
      );
      expect(
        await sendRefunds(again, { connection: through, payer: keeper, send: { pollMs: 50 } }),
      ).toMatchObject({ failed: 0 });
    } finally {
      await faulty.stop();
    }
    for (const buyer of buyers) {
      expect(await balance(buyer.publicKey)).toBe(owed.get(buyer.publicKey.toBase58())!);
    }
    expect(await read(sale)).toMatchObject({ buyersRefunded: BigInt(count), escrowLamports: 0n });
  }, 180_000);

  it('refuses to plan refunds of a sale that did not fail', async () => {
    const sale = await chain.createPresale({
      limits: { minUserBuyable: EACH, maxUserBuyable: EACH, maxTotalBuyable: 10n * EACH },
    });
    await expect(
      planRefunds({
        programId: chain.programId,
        presale: await read(sale),
        records: [],
        payer: keeper.publicKey,
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FAILED',
      message: `presale ${sale.presale.toBase58()} did not fail (status open): there is nothing to refund`,
    });
  });
});
