import { findAuthorityAddress } from '@fbt/presale-client';
import {
  AuthorityType,
  closeAccount,
  createAccount,
  getAccount,
  getAssociatedTokenAddressSync,
  setAuthority,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import type { PublicKey } from '@solana/web3.js';
import { Keypair, SystemProgram, type Connection } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DistributionError,
  finalizePresale,
  nextRound,
  planDistribution,
  readChainTime,
  readDistributionPresale,
  roundOwed,
  saleCompletion,
  sendDistribution,
  type DistributionPresale,
} from '../src/index';
import { SOL, startDistributionChain, type DistributionChain, type TestPresale } from './support';

let chain: DistributionChain;
let connection: Connection;
/** The fee payer of every Finalize and Distribute here: a key of its own, never the seller. */
let keeper: Keypair;

beforeAll(async () => {
  chain = await startDistributionChain();
  connection = chain.connection;
  keeper = (await chain.fundedKeypairs(1, 10n * SOL))[0]!;
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

const read = (sale: TestPresale) =>
  readDistributionPresale(connection, chain.programId, sale.presale);

/** FBT base units 1 SOL buys at the test price (20,000 FBT). */
const TOKENS_PER_SOL = 20_000_000_000n;

async function balanceOf(account: PublicKey): Promise<bigint> {
  return (await getAccount(connection, account, 'confirmed')).amount;
}

const ata = (owner: PublicKey) => getAssociatedTokenAddressSync(chain.mint, owner, true);

/** A sold-out at-completion presale of `count` buyers of `lamports` each, finalized. */
async function soldOutSale(count: number, lamports: bigint) {
  const sale = await chain.createPresale({
    limits: {
      minUserBuyable: SOL / 10n,
      maxUserBuyable: lamports,
      maxTotalBuyable: BigInt(count) * lamports,
    },
  });
  const buyers = await chain.fundedKeypairs(count, lamports + SOL / 10n);
  await chain.buyAll(sale, buyers, lamports);
  return { sale, buyers };
}

async function finalized(sale: TestPresale): Promise<DistributionPresale> {
  await finalizePresale({
    connection,
    programId: chain.programId,
    presale: sale.presale,
    payer: keeper,
  });
  return read(sale);
}

describe('delivery at completion on the local chain', () => {
  it('finalizes a sold-out sale and distributes to every buyer, one packet per batch', async () => {
    const { sale, buyers } = await soldOutSale(30, SOL);
    const before = await read(sale);
    expect(before.status).toBe('sold-out');
    expect(saleCompletion(before, await readChainTime(connection)).needsFinalize).toBe(true);
    expect(await balanceOf(ata(buyers[3]!.publicKey))).toBe(0n);

    const presale = await finalized(sale);
    expect(presale.status).toBe('succeeded');

    // Buyer 0 closed its FBT account after buying; buyer 1 handed its account to someone
    // else and has no other; buyer 2 did the same but holds another FBT account.
    const [closer, gaveAway, hasAnother] = buyers as [Keypair, Keypair, Keypair];
    await closeAccount(connection, closer, ata(closer.publicKey), closer.publicKey, closer);
    for (const owner of [gaveAway, hasAnother]) {
      await setAuthority(
        connection,
        owner,
        ata(owner.publicKey),
        owner,
        AuthorityType.AccountOwner,
        Keypair.generate().publicKey,
      );
    }
    const other = await createAccount(
      connection,
      hasAnother,
      chain.mint,
      hasAnother.publicKey,
      Keypair.generate(),
      { commitment: 'confirmed' },
    );

    const [authority] = findAuthorityAddress(chain.programId, sale.presale);
    const table = await chain.createLookupTable([
      sale.presale,
      sale.vault,
      authority,
      chain.mint,
      TOKEN_PROGRAM_ID,
      SystemProgram.programId,
    ]);
    const plain = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
    });
    const plan = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
      lookupTables: [table],
    });
    expect(plan.due).toHaveLength(30);
    expect(plan.unreachable.map((entry) => entry.buyer.toBase58())).toEqual([
      gaveAway.publicKey.toBase58(),
    ]);
    const targets = plan.batches.flatMap((batch) => batch.targets);
    expect(targets).toHaveLength(29);
    expect(targets.filter((target) => target.create).map((t) => t.buyer)).toEqual([
      closer.publicKey,
    ]);
    expect(targets.find((t) => t.buyer.equals(hasAnother.publicKey))?.tokenAccount).toEqual(other);
    const largest = (batches: typeof plan.batches) =>
      Math.max(...batches.map((batch) => batch.targets.length));
    expect(largest(plan.batches)).toBeGreaterThan(largest(plain.batches));
    expect(plan.batches.every((batch) => batch.bytes <= 1232)).toBe(true);

    const balanceBefore = BigInt(await connection.getBalance(keeper.publicKey, 'confirmed'));
    const result = await sendDistribution(plan, {
      connection,
      payer: keeper,
      lookupTables: [table],
      send: { pollMs: 50 },
    });
    expect(result).toMatchObject({ confirmed: plan.batches.length, failed: 0 });
    expect(result.tokens).toBe(29n * TOKENS_PER_SOL);
    // What the keeper paid: exactly the planned fees and the closed account's rent.
    const balanceAfter = BigInt(await connection.getBalance(keeper.publicKey, 'confirmed'));
    expect(balanceBefore - balanceAfter).toBe(plan.feeLamports + plan.rentLamports);
    expect(plan.rentLamports).toBeGreaterThan(0n);

    for (const buyer of buyers.slice(3)) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL);
    }
    expect(await balanceOf(ata(closer.publicKey))).toBe(TOKENS_PER_SOL);
    expect(await balanceOf(other)).toBe(TOKENS_PER_SOL);
    const after = await read(sale);
    expect(after.buyersDelivered).toBe(29n);
    expect(after.tokensOwed).toBe(TOKENS_PER_SOL);

    // The one left waits for its own Claim: a new plan owes it but sends nothing.
    const again = await planDistribution({
      connection,
      programId: chain.programId,
      presale: after,
      payer: keeper.publicKey,
    });
    expect(again.due).toHaveLength(1);
    expect(again.batches).toEqual([]);
  }, 120_000);

  it('resumes after a stop from the chain alone, delivering nobody twice', async () => {
    const { sale, buyers } = await soldOutSale(40, SOL / 2n);
    const presale = await finalized(sale);
    const first = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
    });
    expect(first.batches.length).toBeGreaterThan(2);
    // The keeper stops after its first confirmed batch.
    let confirmed = 0;
    const partial = await sendDistribution(first, {
      connection,
      payer: keeper,
      inFlight: 1,
      send: { pollMs: 50 },
      onBatch: () => confirmed++,
      stopped: () => confirmed >= 1,
    });
    expect(partial.confirmed).toBe(1);
    const deliveredFirst = first.batches[0]!.targets.length;

    // A restarted keeper reads the records: only the others are due.
    const resumed = await planDistribution({
      connection,
      programId: chain.programId,
      presale: await read(sale),
      payer: keeper.publicKey,
    });
    expect(resumed.due).toHaveLength(40 - deliveredFirst);
    const firstBuyers = new Set(first.batches[0]!.targets.map((t) => t.buyer.toBase58()));
    expect(resumed.due.some((entry) => firstBuyers.has(entry.buyer.toBase58()))).toBe(false);
    await sendDistribution(resumed, { connection, payer: keeper, send: { pollMs: 50 } });
    // The first batch sent again (a crash between sending and seeing it confirmed) moves nothing.
    await sendDistribution({ batches: [first.batches[0]!] }, { connection, payer: keeper });

    for (const buyer of buyers) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL / 2n);
    }
    const done = await read(sale);
    expect(done.buyersDelivered).toBe(40n);
    expect(done.tokensOwed).toBe(0n);
    expect(done.tokensDelivered).toBe(40n * (TOKENS_PER_SOL / 2n));
  }, 120_000);

  it('finalizes a sale below its minimum raise as failed, and distributes nothing', async () => {
    const saleEnd = (await readChainTime(connection)) + 4n;
    const sale = await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 10n * SOL },
      terms: { mode: 'at-completion', minimumRaise: 5n * SOL },
      saleEnd,
    });
    const buyers = await chain.fundedKeypairs(2, 2n * SOL);
    await chain.buyAll(sale, buyers, SOL);
    const open = await read(sale);
    expect(open.escrowLamports).toBe(2n * SOL);
    expect(saleCompletion(open, saleEnd - 1n).needsFinalize).toBe(false);
    await expect(
      finalizePresale({
        connection,
        programId: chain.programId,
        presale: sale.presale,
        payer: keeper,
      }),
    ).rejects.toMatchObject({ code: 'TRANSACTION_REFUSED', message: /SaleNotComplete \(6066\)/ });

    while ((await readChainTime(connection)) < saleEnd) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(saleCompletion(await read(sale), await readChainTime(connection))).toEqual({
      complete: true,
      needsFinalize: true,
      wouldSucceed: false,
    });
    const failed = await finalized(sale);
    expect(failed.status).toBe('failed');
    expect(failed.tokensOwed).toBe(0n);
    await expect(
      planDistribution({
        connection,
        programId: chain.programId,
        presale: failed,
        payer: keeper.publicKey,
      }),
    ).rejects.toMatchObject({ code: 'SALE_FAILED' });
    for (const buyer of buyers) expect(await balanceOf(ata(buyer.publicKey))).toBe(0n);
  }, 120_000);

  it('delivers the share unlocked at completion, and owes the rest to later rounds', async () => {
    const hour = 3_600;
    const sale = await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 3n * SOL },
      terms: {
        mode: 'at-completion',
        vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: hour, vestingSeconds: hour },
      },
    });
    const buyers = await chain.fundedKeypairs(3, 2n * SOL);
    await chain.buyAll(sale, buyers, SOL);
    const presale = await finalized(sale);
    const plan = await planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: keeper.publicKey,
    });
    expect(plan.due.map((entry) => [entry.due, entry.completes])).toEqual(
      buyers.map(() => [TOKENS_PER_SOL / 4n, false]),
    );
    await sendDistribution(plan, { connection, payer: keeper, send: { pollMs: 50 } });
    for (const buyer of buyers) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL / 4n);
    }
    const after = await read(sale);
    expect(after.buyersDelivered).toBe(0n);
    const again = await planDistribution({
      connection,
      programId: chain.programId,
      presale: after,
      payer: keeper.publicKey,
    });
    expect(again.due).toEqual([]);
    const now = await readChainTime(connection);
    expect(roundOwed(after, again.records, now, 600n)).toBe(false);
    expect(nextRound(after, now, 600n)).toBe(after.completedAt + BigInt(hour));
  }, 120_000);

  it('names what it refuses: an instant presale, an open one, an account that is no presale', async () => {
    const instant = await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 2n * SOL },
      terms: { mode: 'instant' },
    });
    const open = await chain.createPresale({
      limits: { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: 2n * SOL },
    });
    const plan = (presale: DistributionPresale) =>
      planDistribution({
        connection,
        programId: chain.programId,
        presale,
        payer: keeper.publicKey,
      });
    await expect(plan(await read(instant))).rejects.toMatchObject({ code: 'NOT_AT_COMPLETION' });
    await expect(plan(await read(open))).rejects.toMatchObject({
      code: 'NOT_FINALIZED',
      message: `presale ${open.presale.toBase58()} is not finalized (status open): finalize it once it is complete`,
    });
    await expect(
      readDistributionPresale(connection, chain.programId, Keypair.generate().publicKey),
    ).rejects.toMatchObject({ code: 'PRESALE_MISSING' });
    await expect(readDistributionPresale(connection, chain.programId, chain.mint)).rejects.toThrow(
      DistributionError,
    );
  }, 120_000);
});
