import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendBuyerTables, listBuyerRecords, listBuyerTables } from '../src/index';
import { SOL, startDistributionChain, type DistributionChain } from './support';

// The buyer tables of a sale whose FBT is a Token-2022 mint (as the seeded FBT is) hold the
// accounts Distribute names: each buyer's associated account under Token-2022, whose address
// differs from the SPL Token one.

let chain: DistributionChain;
let keeper: Keypair;

beforeAll(async () => {
  chain = await startDistributionChain(TOKEN_2022_PROGRAM_ID);
  keeper = (await chain.fundedKeypairs(1, 10n * SOL))[0]!;
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

describe('buyer lookup tables of a Token-2022 FBT', () => {
  it("hold each buyer's record and Token-2022 associated account", async () => {
    const each = SOL / 10n;
    const sale = await chain.createPresale({
      limits: { minUserBuyable: each, maxUserBuyable: each, maxTotalBuyable: 100n * each },
    });
    await chain.buyAll(sale, await chain.fundedKeypairs(15, 2n * each), each);
    const records = await listBuyerRecords(chain.connection, chain.programId, sale.presale);
    const result = await extendBuyerTables({
      connection: chain.connection,
      payer: keeper,
      presale: sale.presale,
      mint: chain.mint,
      records,
      send: { pollMs: 50 },
    });
    expect(result).toMatchObject({ buyersAdded: 15, buyersOutside: 0, errors: [] });
    const tables = await listBuyerTables(chain.connection, keeper.publicKey, sale.presale);
    const tabled = new Set(tables.flatMap((table) => table.addresses.slice(1).map(String)));
    const expected = records.flatMap((entry) => [
      entry.record,
      getAssociatedTokenAddressSync(chain.mint, entry.buyer, true, TOKEN_2022_PROGRAM_ID),
    ]);
    expect(tabled).toEqual(new Set(expected.map(String)));
  });
});
