import type { DistributionPresale } from '@fbt/distribution';
import { PRESALE_VARIANTS, type PresaleVariant } from '@fbt/domain';
import { INSTANT_DELIVERY_FIELDS, unlockedTokens } from '@fbt/presale-client';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { fakeChain, key, NOW, presaleAccount, SOL } from '../../test/support/keeper-chain';
import type { KeeperKey } from '../app-deps';
import { createDistributionKeeper, keeperWarnings } from './distribution-keeper';
import type { DistributionStatus } from './distribution-status';

/** A keeper over one presale (the public one; the others instant), with buyers of 1 SOL. */
function setup(
  options: {
    presale?: Partial<DistributionPresale>;
    buyers?: number;
    feePayer?: KeeperKey;
  } = {},
) {
  const presales = new Map<string, DistributionPresale>();
  const addresses = {} as Record<PresaleVariant, string>;
  for (const variant of PRESALE_VARIANTS) {
    const account =
      variant === 'public'
        ? presaleAccount(options.presale)
        : presaleAccount({ ...INSTANT_DELIVERY_FIELDS, status: 'open' });
    presales.set(account.address.toBase58(), account);
    addresses[variant] = account.address.toBase58();
  }
  const fake = fakeChain(presales);
  const publicSale = presales.get(addresses.public)!;
  fake.records.set(
    addresses.public,
    Array.from({ length: options.buyers ?? 5 }, () => ({
      record: key(),
      buyer: key(),
      bought: 20_000_000_000n,
      delivered: 0n,
    })),
  );
  for (const variant of ['private', 'leader'] as const) fake.records.set(addresses[variant], []);
  const counted: string[] = [];
  const feePayer = options.feePayer ?? { keypair: Keypair.generate() };
  const keeper = createDistributionKeeper({
    keeper: {
      chain: fake.chain,
      feePayer: () => feePayer,
      minBalanceLamports: SOL / 20n,
      intervalMs: 30_000,
      vestingRoundMs: 86_400_000,
    },
    addresses,
    clock: { now: () => 1_000 },
    metrics: {
      transaction: (kind, outcome) => counted.push(`${kind}:${outcome}`),
      fees: () => undefined,
    },
    log: { info: () => undefined, warn: () => undefined },
  });
  const progress: DistributionStatus[] = [];
  keeper.onProgress((status) => progress.push(status));
  keeper.setRunning(true);
  return { keeper, fake, presales, addresses, counted, progress, publicSale };
}

const served = (statuses: readonly DistributionStatus[]) =>
  statuses.map((status) => `${status.phase} ${status.buyersServed} of ${status.buyers}`);

describe('the keeper', () => {
  it('leaves an instant presale alone', async () => {
    const { keeper, fake } = setup();
    expect(await keeper.pass('private')).toMatchObject({
      phase: 'instant',
      deliveryMode: 'instant',
    });
    // The first look learns every presale's seller; nothing else is read or sent.
    expect(fake.calls).toEqual(['readPresale', 'readPresale', 'readPresale']);
  });

  it('does nothing while the sale is open, and says it sells', async () => {
    const { keeper, fake } = setup({
      presale: { status: 'open', currentTotalSold: SOL, buyerCount: 1n, completedAt: 0n },
    });
    expect(await keeper.pass('public')).toMatchObject({ phase: 'selling', keeperActive: true });
    expect(fake.calls.filter((call) => call !== 'readPresale')).toEqual([]);
  });

  it('finalizes a sold-out sale, then distributes batch by batch: N of M, then done', async () => {
    const { keeper, fake, progress, counted } = setup();
    const status = await keeper.pass('public');
    expect(fake.calls.filter((call) => call === 'finalize')).toHaveLength(1);
    expect(served(progress)).toEqual([
      'distributing 0 of 5',
      'distributing 2 of 5',
      'distributing 4 of 5',
      'done 5 of 5',
    ]);
    expect(status).toMatchObject({ phase: 'done', buyersServed: 5n, buyersDelivered: 5n });
    expect(counted).toEqual([
      'finalize:confirmed',
      'distribute:confirmed',
      'distribute:confirmed',
      'distribute:confirmed',
    ]);
    // Done is done: a later look reads the presale and nothing else.
    fake.calls.length = 0;
    expect((await keeper.pass('public')).phase).toBe('done');
    expect(fake.calls).toEqual(['readPresale']);
  });

  it('resumes a round from the records after a failed batch, sending only what is left', async () => {
    const { keeper, fake } = setup();
    fake.state.failNextBatch = true;
    const first = await keeper.pass('public');
    expect(first).toMatchObject({ phase: 'distributing', buyersServed: 3n });
    expect(keeper.view('public').lastError).toBe('distribute: boom');
    const second = await keeper.pass('public');
    expect(second).toMatchObject({ phase: 'done', buyersServed: 5n, buyersDelivered: 5n });
    expect(keeper.view('public').lastError).toBeNull();
  });

  it('stops between batches when it stops running (a lost lease, a shutdown)', async () => {
    const { keeper, progress } = setup({ buyers: 6, presale: { buyerCount: 6n } });
    keeper.onProgress((status) => {
      if (status.buyersServed === 2n) keeper.setRunning(false);
    });
    const status = await keeper.pass('public');
    expect(served(progress).at(-1)).toBe('distributing 2 of 6');
    expect(status).toMatchObject({ buyersDelivered: 2n, keeperActive: false });
  });

  it('counts a buyer no account of whose can take FBT, and calls the rest done', async () => {
    const { keeper, fake, addresses } = setup();
    fake.state.unreachable.add(fake.records.get(addresses.public)![0]!.buyer.toBase58());
    const status = await keeper.pass('public');
    expect(status).toMatchObject({ phase: 'done', buyersServed: 4n, buyersUnreachable: 1n });
  });

  it('counts a buyer whose delivery alone was refused, serves the rest and calls the round done', async () => {
    const { keeper, fake, addresses } = setup();
    fake.state.refused.add(fake.records.get(addresses.public)![2]!.buyer.toBase58());
    const status = await keeper.pass('public');
    expect(status).toMatchObject({
      phase: 'done',
      buyersServed: 4n,
      buyersUnreachable: 1n,
      buyersDelivered: 4n,
    });
    // Not a keeper failure: the refused buyer is counted, and the round is not planned again.
    expect(keeper.view('public').lastError).toBeNull();
    const sends = fake.calls.filter((call) => call === 'sendDistribution').length;
    await keeper.pass('public');
    expect(fake.calls.filter((call) => call === 'sendDistribution').length).toBe(sends);
  });

  it('distributes a vesting round by round: the records read once per round', async () => {
    const { keeper, fake } = setup({
      presale: {
        status: 'succeeded',
        unlockedAtCompletionBps: 2_500,
        cliffSeconds: 1_000,
        vestingSeconds: 86_400 * 10,
      },
    });
    const atCompletion = await keeper.pass('public');
    expect(atCompletion).toMatchObject({ phase: 'vesting', buyersServed: 5n, buyersDelivered: 0n });
    expect(atCompletion.nextRoundAt).toBe(NOW - 10n + 1_000n);
    fake.calls.length = 0;
    await keeper.pass('public');
    expect(fake.calls).toEqual(['readPresale']);
    fake.state.now = NOW + 2_000n; // past the cliff: the next round
    expect(await keeper.pass('public')).toMatchObject({ phase: 'vesting', buyersServed: 5n });
    expect(fake.calls).toContain('sendDistribution');
    fake.state.now = NOW + 86_400n * 11n; // past the end: the last round
    expect(await keeper.pass('public')).toMatchObject({ phase: 'done', buyersDelivered: 5n });
  });

  it('finalizes a sale below its minimum as failed and distributes nothing', async () => {
    const { keeper, fake } = setup({
      presale: { status: 'open', saleEnd: NOW - 5n, minimumRaise: 10n * SOL },
    });
    expect(await keeper.pass('public')).toMatchObject({ phase: 'failed', status: 'failed' });
    expect(fake.calls).not.toContain('planDistribution');
  });

  it('refunds every buyer of a failed sale in batches, and the rest after a refused batch', async () => {
    const { keeper, fake, progress, counted } = setup({
      presale: {
        status: 'open',
        saleEnd: NOW - 5n,
        minimumRaise: 10n * SOL,
        escrowLamports: 5n * SOL,
      },
    });
    // The first batch names a buyer that refunded itself meanwhile: refused whole.
    fake.state.failNextBatch = true;
    expect(await keeper.pass('public')).toMatchObject({
      phase: 'failed',
      buyers: 2n,
      buyersRefunded: 3n,
      refunded: 3n * SOL,
    });
    expect(progress.map((status) => status.buyersRefunded)).toEqual([2n, 3n]);
    expect(keeper.view('public').lastError).toBe('refund: gone');
    // The next look refunds the rest; once none is left, it reads the presale only.
    expect(await keeper.pass('public')).toMatchObject({ buyers: 0n, buyersRefunded: 5n });
    expect(keeper.view('public').lastError).toBeNull();
    expect(counted.filter((entry) => entry.startsWith('refund'))).toEqual([
      'refund:failed',
      'refund:confirmed',
      'refund:confirmed',
      'refund:confirmed',
    ]);
    fake.calls.length = 0;
    expect(await keeper.pass('public')).toMatchObject({ phase: 'failed', escrow: 0n });
    expect(fake.calls).toEqual(['readPresale']);
  });

  it('appends buyers to lookup tables while the sale runs, 15 at a time, and before the first round', async () => {
    const { keeper, fake, presales, addresses } = setup({
      buyers: 10,
      presale: { status: 'open', buyerCount: 10n, currentTotalSold: SOL, saleEnd: NOW + 60n },
    });
    const grow = (count: number) => {
      const list = fake.records.get(addresses.public)!;
      for (let i = list.length; i < count; i++) {
        list.push({ record: key(), buyer: key(), bought: 20_000_000_000n, delivered: 0n });
      }
      const sale = presales.get(addresses.public)!;
      presales.set(addresses.public, { ...sale, buyerCount: BigInt(count) });
    };
    const extensions = () => fake.calls.filter((call) => call.startsWith('extend'));
    // 10 buyers: fewer than an extension's worth, the tables are not even read.
    await keeper.pass('public');
    expect(fake.calls).not.toContain('listBuyerTables');
    grow(20);
    await keeper.pass('public');
    expect(extensions()).toEqual(['extendBuyerTables 20 min 15']);
    grow(30);
    await keeper.pass('public');
    expect(extensions()).toHaveLength(1);
    // 20 more in the last moments: the window ends, and they are appended after Finalize,
    // before the first Distribute.
    grow(50);
    fake.state.now = NOW + 61n;
    fake.calls.length = 0;
    expect(await keeper.pass('public')).toMatchObject({ phase: 'done', buyersServed: 50n });
    expect(fake.calls.filter((call) => call !== 'readPresale')).toEqual([
      'finalize',
      'listBuyerRecords',
      'listBuyerTables',
      'extendBuyerTables 50 min 15',
      'planDistribution',
      'sendDistribution',
      'listBuyerRecords',
    ]);
  });

  it('extends the tables one look at a time: two never derive new tables together', async () => {
    const { keeper, fake } = setup({
      buyers: 20,
      presale: { status: 'open', buyerCount: 20n, currentTotalSold: SOL, saleEnd: NOW + 60n },
    });
    const extend = fake.chain.extendBuyerTables.bind(fake.chain);
    let running = 0;
    let most = 0;
    Object.assign(fake.chain, {
      extendBuyerTables: async (...args: Parameters<typeof extend>) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        return extend(...args);
      },
    });
    await Promise.all([keeper.pass('public'), keeper.pass('public')]);
    expect(fake.calls.filter((call) => call.startsWith('extend'))).toHaveLength(2);
    expect(most).toBe(1);
  });

  it('leaves fewer than 15 buyers out of the tables at completion: one Distribute takes them', async () => {
    const { keeper, fake, counted } = setup();
    expect(await keeper.pass('public')).toMatchObject({ phase: 'done', buyersServed: 5n });
    expect(fake.calls.filter((call) => call.startsWith('extend'))).toEqual([]);
    expect(counted.filter((entry) => entry.startsWith('table'))).toEqual([]);
  });

  it('reads the records again while a buyer is left to its Claim: its Claim shows at the next look', async () => {
    const { keeper, fake, addresses, presales } = setup({
      presale: {
        status: 'succeeded',
        unlockedAtCompletionBps: 2_500,
        cliffSeconds: 1_000,
        vestingSeconds: 86_400 * 10,
      },
    });
    const list = fake.records.get(addresses.public)!;
    fake.state.unreachable.add(list[0]!.buyer.toBase58());
    expect(await keeper.pass('public')).toMatchObject({
      buyersServed: 4n,
      buyersUnreachable: 1n,
    });
    // The buyer claims into an account it controls.
    const sale = presales.get(addresses.public)!;
    list[0] = { ...list[0]!, delivered: unlockedTokens(sale, list[0]!.bought, fake.state.now) };
    expect(await keeper.pass('public')).toMatchObject({
      buyersServed: 5n,
      buyersUnreachable: 0n,
    });
  });

  it('without a usable fee payer sends nothing, reports why, and reads no records', async () => {
    const unset = setup({ feePayer: { problem: 'KEEPER_KEYPAIR is not set', unset: true } });
    expect(await unset.keeper.pass('public')).toMatchObject({
      phase: 'awaiting-finalize',
      keeperActive: false,
    });
    expect(unset.fake.calls.filter((call) => call !== 'readPresale')).toEqual([]);
    expect(unset.keeper.feePayer()).toMatchObject({ address: null, configured: false });

    const seller = Keypair.generate();
    const asSeller = setup({
      presale: { sellerPubkey: seller.publicKey.toBase58() },
      feePayer: { keypair: seller },
    });
    await asSeller.keeper.pass('public');
    expect(asSeller.fake.calls).not.toContain('finalize');
    // The seller of another presale of the deployment, even before that one was looked at.
    const other = Keypair.generate();
    const otherSeller = setup({ feePayer: { keypair: other } });
    otherSeller.presales.set(otherSeller.addresses.leader, {
      ...otherSeller.presales.get(otherSeller.addresses.leader)!,
      sellerPubkey: other.publicKey.toBase58(),
    });
    expect(await otherSeller.keeper.pass('public')).toMatchObject({
      phase: 'awaiting-finalize',
      keeperActive: false,
    });
    expect(otherSeller.fake.calls).not.toContain('finalize');
    expect(asSeller.keeper.feePayer().problem).toBe(
      `KEEPER_KEYPAIR ${seller.publicKey.toBase58()} is the seller of the public presale: the keeper never signs with the seller's key; give it a small key of its own`,
    );
  });

  it('reports an underfunded fee payer after reading its balance', async () => {
    const { keeper, fake } = setup();
    fake.state.balance = SOL / 100n;
    await keeper.checkBalance();
    const feePayer = keeper.feePayer();
    expect(feePayer).toMatchObject({ underfunded: true, balanceLamports: SOL / 100n });
    expect(keeperWarnings(feePayer, ['public'], [])).toEqual([
      `keeper: fee payer ${feePayer.address!} holds 0.01 SOL, below KEEPER_MIN_BALANCE_SOL (0.05 SOL): fund it`,
    ]);
  });
});

describe('the keeper warnings', () => {
  const noKey = {
    address: null,
    problem: 'KEEPER_KEYPAIR is not set, so this BFF has no keeper fee payer',
    configured: false,
    balanceLamports: null,
    minBalanceLamports: SOL / 20n,
    underfunded: false,
    tableRentLamports: null,
    tablesUnderfunded: false,
  };

  it('name the presales left without a keeper, and each failure', () => {
    expect(keeperWarnings(noKey, [], [])).toEqual([]);
    expect(keeperWarnings(noKey, ['public', 'leader'], [['public', 'finalize: refused']])).toEqual([
      'keeper: KEEPER_KEYPAIR is not set, so this BFF has no keeper fee payer; the public, leader presale(s) deliver at completion and are not finalized or distributed by this deployment (fbt-operator finalize / distribute by hand)',
      'keeper: public: finalize: refused',
    ]);
  });
});
