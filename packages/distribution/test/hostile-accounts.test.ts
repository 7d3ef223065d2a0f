import { buildClaimInstruction } from '@fbt/presale-client';
import {
  createCloseAccountInstruction,
  createDisableRequiredMemoTransfersInstruction,
  createEnableRequiredMemoTransfersInstruction,
  createReallocateInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAccount,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import type { Keypair } from '@solana/web3.js';
import { SystemProgram, type Connection, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizePresale,
  planDistribution,
  readDistributionPresale,
  sendDistribution,
  type DistributionPresale,
} from '../src/index';
import { SOL, startDistributionChain, type DistributionChain, type TestPresale } from './support';

let chain: DistributionChain;
let connection: Connection;
let keeper: Keypair;

beforeAll(async () => {
  chain = await startDistributionChain(TOKEN_2022_PROGRAM_ID);
  connection = chain.connection;
  keeper = (await chain.fundedKeypairs(1, 10n * SOL))[0]!;
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

/** FBT base units 1 SOL buys at the test price (20,000 FBT). */
const TOKENS_PER_SOL = 20_000_000_000n;
const DECIMALS = 6;

const ata = (owner: PublicKey) =>
  getAssociatedTokenAddressSync(chain.mint, owner, true, TOKEN_2022_PROGRAM_ID);
const balanceOf = async (account: PublicKey) =>
  (await getAccount(connection, account, 'confirmed', TOKEN_2022_PROGRAM_ID)).amount;

/** `count` buyers of 1 SOL each sell the presale out; it is finalized. */
async function finalizedSale(
  count: number,
  terms?: Parameters<DistributionChain['createPresale']>[0]['terms'],
): Promise<{ sale: TestPresale; buyers: Keypair[]; presale: DistributionPresale }> {
  const sale = await chain.createPresale({
    limits: {
      minUserBuyable: SOL / 10n,
      maxUserBuyable: SOL,
      maxTotalBuyable: BigInt(count) * SOL,
    },
    ...(terms === undefined ? {} : { terms }),
  });
  const buyers = await chain.fundedKeypairs(count, 2n * SOL);
  await chain.buyAll(sale, buyers, SOL);
  await finalizePresale({
    connection,
    programId: chain.programId,
    presale: sale.presale,
    payer: keeper,
  });
  const presale = await readDistributionPresale(connection, chain.programId, sale.presale);
  return { sale, buyers, presale };
}

/** The buyer makes its associated FBT account require a memo with each incoming transfer. */
async function requireMemos(buyer: Keypair): Promise<void> {
  await chain.send(
    [
      createReallocateInstruction(
        ata(buyer.publicKey),
        buyer.publicKey,
        [ExtensionType.MemoTransfer],
        buyer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
      createEnableRequiredMemoTransfersInstruction(
        ata(buyer.publicKey),
        buyer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
    ],
    [buyer],
  );
}

const plan = (presale: DistributionPresale, now?: bigint) =>
  planDistribution({
    connection,
    programId: chain.programId,
    presale,
    payer: keeper.publicKey,
    ...(now === undefined ? {} : { now }),
  });

const send = (batches: Awaited<ReturnType<typeof plan>>) =>
  sendDistribution(batches, { connection, payer: keeper, send: { pollMs: 50 } });

describe('buyer accounts that would refuse a delivery (Token-2022 FBT)', () => {
  it('leaves a memo-requiring account to its Claim and delivers the 27 others in the same round', async () => {
    const { sale, buyers, presale } = await finalizedSale(28);
    const memo = buyers[5]!;
    await requireMemos(memo);

    const planned = await plan(presale);
    expect(planned.unreachable.map((entry) => entry.buyer)).toEqual([memo.publicKey]);
    expect(planned.unreachable[0]!.reason).toMatch(/MemoTransfer/);
    expect(planned.batches.flatMap((batch) => batch.targets)).toHaveLength(27);
    const result = await send(planned);
    expect(result).toMatchObject({ failed: 0, complete: true, isolated: [] });
    for (const buyer of buyers.filter((entry) => entry !== memo)) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL);
    }
    expect(await balanceOf(ata(memo.publicKey))).toBe(0n);

    // Once the buyer lifts the requirement, its own Claim delivers into the same account.
    await chain.send(
      [
        createDisableRequiredMemoTransfersInstruction(
          ata(memo.publicKey),
          memo.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
        buildClaimInstruction({
          programId: chain.programId,
          presale: sale.presale,
          tempTokenAccount: sale.vault,
          mint: chain.mint,
          tokenProgram: TOKEN_2022_PROGRAM_ID,
          buyer: memo.publicKey,
        }),
      ],
      [memo],
    );
    expect(await balanceOf(ata(memo.publicKey))).toBe(TOKENS_PER_SOL);
    const after = await readDistributionPresale(connection, chain.programId, sale.presale);
    expect(after.buyersDelivered).toBe(28n);
  }, 180_000);

  it('splits a batch refused for an account that changed after the plan, isolating its buyer', async () => {
    const { buyers, presale } = await finalizedSale(20);
    const planned = await plan(presale);
    expect(planned.unreachable).toEqual([]);
    // Unforeseen by the plan: the buyer requires memos between the plan and the send.
    const late = buyers[13]!;
    await requireMemos(late);

    const result = await send(planned);
    expect(result.complete).toBe(true);
    expect(result.isolated.map((entry) => entry.buyer)).toEqual([late.publicKey]);
    expect(result.isolated[0]!.reason).toMatch(/refused/);
    // Halves down to the refused buyer: 19 buyers delivered in a few transactions.
    expect(result.tokens).toBe(19n * TOKENS_PER_SOL);
    expect(result.failed).toBe(1);
    for (const buyer of buyers.filter((entry) => entry !== late)) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL);
    }
    expect(await balanceOf(ata(late.publicKey))).toBe(0n);
  }, 180_000);

  it('creates a closed account someone pre-funded, paying only the rest of its rent', async () => {
    const { buyers, presale } = await finalizedSale(3);
    const closer = buyers[1]!;
    await chain.send(
      [
        createCloseAccountInstruction(
          ata(closer.publicKey),
          closer.publicKey,
          closer.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      [closer],
    );
    // The rent-exempt minimum of an empty account, sent to the closed address: a System account.
    const prefund = BigInt(await connection.getMinimumBalanceForRentExemption(0));
    await chain.send(
      [
        SystemProgram.transfer({
          fromPubkey: chain.seller.publicKey,
          toPubkey: ata(closer.publicKey),
          lamports: prefund,
        }),
      ],
      [chain.seller],
    );

    const planned = await plan(presale);
    expect(planned.unreachable).toEqual([]);
    const created = planned.batches.flatMap((batch) => batch.targets).filter((t) => t.create);
    expect(created.map((target) => [target.buyer, target.prefundedLamports])).toEqual([
      [closer.publicKey, prefund],
    ]);
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(170));
    expect(planned.rentLamports).toBe(rent - prefund);

    const before = BigInt(await connection.getBalance(keeper.publicKey, 'confirmed'));
    const result = await send(planned);
    expect(result).toMatchObject({ failed: 0, complete: true });
    const after = BigInt(await connection.getBalance(keeper.publicKey, 'confirmed'));
    expect(before - after).toBe(planned.feeLamports + planned.rentLamports);
    for (const buyer of buyers) expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL);
  }, 180_000);

  it('does not split a batch whose account creation the fee payer cannot fund: every buyer waits', async () => {
    const { buyers, presale } = await finalizedSale(3);
    const closer = buyers[0]!;
    await chain.send(
      [
        createCloseAccountInstruction(
          ata(closer.publicKey),
          closer.publicKey,
          closer.publicKey,
          [],
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      [closer],
    );
    const planned = await plan(presale);
    expect(planned.batches).toHaveLength(1);
    // Enough for the fee, not for the account's rent: the create is refused in preflight.
    const poor = (await chain.fundedKeypairs(1, 1_000_000n))[0]!;
    const refused = await sendDistribution(planned, {
      connection,
      payer: poor,
      send: { pollMs: 50 },
    });
    expect(refused).toMatchObject({ confirmed: 0, failed: 1, isolated: [], complete: false });
    for (const buyer of buyers.slice(1)) expect(await balanceOf(ata(buyer.publicKey))).toBe(0n);
    // A funded payer then serves all three, the closed account created.
    expect(await send(planned)).toMatchObject({ failed: 0, complete: true });
    for (const buyer of buyers) expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL);
  }, 180_000);

  it('creates a missing account once, before the first delivery, and never after one', async () => {
    const hour = 3_600;
    const { buyers, presale } = await finalizedSale(3, {
      mode: 'at-completion',
      vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: hour, vestingSeconds: hour },
    });
    const [early, farmer, keeps] = buyers as [Keypair, Keypair, Keypair];
    const close = (buyer: Keypair) =>
      createCloseAccountInstruction(
        ata(buyer.publicKey),
        buyer.publicKey,
        buyer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      );
    // Closed before any delivery: the fee payer creates it, once.
    await chain.send([close(early)], [early]);
    const first = await plan(presale);
    const targets = first.batches.flatMap((batch) => batch.targets);
    expect(targets.filter((t) => t.create).map((t) => t.buyer)).toEqual([early.publicKey]);
    expect(await send(first)).toMatchObject({ failed: 0, complete: true });
    for (const buyer of buyers) {
      expect(await balanceOf(ata(buyer.publicKey))).toBe(TOKENS_PER_SOL / 4n);
    }

    // After the delivery both move the FBT out and close the account to take its rent back.
    for (const buyer of [early, farmer]) {
      await chain.send(
        [
          createTransferCheckedInstruction(
            ata(buyer.publicKey),
            chain.mint,
            ata(keeps.publicKey),
            buyer.publicKey,
            TOKENS_PER_SOL / 4n,
            DECIMALS,
            [],
            TOKEN_2022_PROGRAM_ID,
          ),
          close(buyer),
        ],
        [buyer],
      );
    }
    // The next round (judged once everything is unlocked): neither account is created again.
    const read = await readDistributionPresale(connection, chain.programId, presale.address);
    const later = await plan(read, presale.completedAt + BigInt(3 * hour));
    const next = later.batches.flatMap((batch) => batch.targets);
    expect(next.map((t) => [t.buyer, t.create])).toEqual([[keeps.publicKey, false]]);
    expect(later.rentLamports).toBe(0n);
    expect(later.unreachable.map((entry) => entry.buyer).sort()).toEqual(
      [early.publicKey, farmer.publicKey].sort(),
    );
    for (const entry of later.unreachable) expect(entry.reason).toMatch(/closed since a delivery/);
  }, 180_000);
});
