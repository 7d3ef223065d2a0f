import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SOL, startDistributionChain, type DistributionChain } from '@fbt/distribution/testing';
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeypairFile } from '../src/keypair-file';
import { readChainTime } from '../src/sale-window';
import { cli } from './support/helpers';

let chain: DistributionChain;
let dir: string;
let sellerFile: string;
let keeperFile: string;
let chainArgs: string[];

beforeAll(async () => {
  chain = await startDistributionChain();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-distribution-'));
  sellerFile = path.join(dir, 'seller.json');
  writeKeypairFile(sellerFile, chain.seller);
  keeperFile = path.join(dir, 'keeper.json');
  writeKeypairFile(keeperFile, (await chain.fundedKeypairs(1, 5n * SOL))[0]!);
  chainArgs = ['--url', chain.localnet.rpcUrl, '--ws-url', chain.localnet.wsUrl];
}, 120_000);

afterAll(async () => {
  await chain?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** create-presale with the test chain's program and mint, 0.1 to 1 SOL per buyer. */
const create = (totalSol: string, extra: readonly string[]) =>
  cli([
    'create-presale',
    ...chainArgs,
    '--keypair',
    sellerFile,
    '--program-id',
    chain.programId.toBase58(),
    '--mint',
    chain.mint.toBase58(),
    '--min-sol',
    '0.1',
    '--max-sol',
    '1',
    '--max-total-sol',
    totalSol,
    ...extra,
  ]);

/** A command on a presale given by address (with the program id: no deployment file). */
const on = (command: string, presale: string, keypair: string | null, extra: string[] = []) =>
  cli([
    ...command.split(' '),
    ...chainArgs,
    '--presale',
    presale,
    '--program-id',
    chain.programId.toBase58(),
    ...(keypair === null ? [] : ['--keypair', keypair]),
    ...extra,
  ]);

const status = async (presale: string) =>
  (
    await cli([
      'status',
      ...chainArgs,
      '--presale',
      presale,
      '--program-id',
      chain.programId.toBase58(),
    ])
  ).json();

async function fbtOf(owner: PublicKey): Promise<bigint> {
  const account = getAssociatedTokenAddressSync(chain.mint, owner);
  return (await getAccount(chain.connection, account, 'confirmed')).amount;
}

describe('create-presale: delivery, minimum raise and vesting', () => {
  it.each([
    [['--delivery', 'later'], '--delivery must be instant or at-completion, not "later"'],
    [
      ['--minimum-raise', '1'],
      '--minimum-raise: only with --delivery at-completion (an instant presale delivers in each buy, with no minimum raise and no vesting)',
    ],
    [
      ['--delivery', 'at-completion', '--minimum-raise', '200', '--end', '2100-01-01'],
      '--minimum-raise (200 SOL) must not exceed --max-total-sol (100 SOL)',
    ],
    [
      ['--delivery', 'at-completion', '--minimum-raise', '99.9000001', '--end', '2100-01-01'],
      '--minimum-raise (99.9000001 SOL) must be at most 99.900000001 SOL: the sale sells out once less than --min-sol is left',
    ],
    [
      ['--delivery', 'at-completion', '--minimum-raise', '50'],
      '--delivery at-completion needs --end <time>: buyers wait for their FBT (and, below the minimum raise, their SOL) until the sale completes, so it must end (it completes earlier if it sells out)',
    ],
    [
      ['--delivery', 'at-completion'],
      '--delivery at-completion needs --end <time>: buyers wait for their FBT until the sale completes, so it must end (it completes earlier if it sells out)',
    ],
    [
      ['--delivery', 'at-completion', '--minimum-raise', '0', '--end', '2100-01-01'],
      '--minimum-raise must be greater than 0 (leave it out for none)',
    ],
    [
      ['--delivery', 'at-completion', '--unlocked-at-completion', '25'],
      '--unlocked-at-completion 25 leaves the rest locked: say when it unlocks with --vesting <duration>',
    ],
    [
      ['--delivery', 'at-completion', '--unlocked-at-completion', '100.5', '--vesting', '30d'],
      '--unlocked-at-completion must be a percentage from 0 to 100 with at most two decimals (e.g. 25 or 12.5), not "100.5"',
    ],
    [
      ['--delivery', 'at-completion', '--unlocked-at-completion', '12.345', '--vesting', '30d'],
      '--unlocked-at-completion must be a percentage from 0 to 100 with at most two decimals',
    ],
    [
      ['--delivery', 'at-completion', '--vesting', '30x'],
      '--vesting must be a duration like 90d, 12h, 30m or 3600s (a bare number is seconds), not "30x"',
    ],
    [
      ['--delivery', 'at-completion', '--vesting', '0'],
      '--vesting must be longer than 0 (leave it out for no vesting)',
    ],
    [
      ['--delivery', 'at-completion', '--cliff', '1d'],
      '--cliff needs --vesting <duration>: the cliff is part of a vesting',
    ],
    [
      ['--delivery', 'at-completion', '--cliff', '90d', '--vesting', '30d'],
      '--cliff (90d) must not be longer than --vesting (30d)',
    ],
    [
      ['--delivery', 'at-completion', '--vesting', '30d', '--unlocked-at-completion', '100'],
      '--vesting needs --unlocked-at-completion below 100: with everything unlocked at completion nothing vests',
    ],
    [
      ['--delivery', 'at-completion', '--vesting', '99999999999d'],
      '--vesting 99999999999d is too long',
    ],
    [['--start', '2100-01-02', '--end', '2100-01-01'], '--end (2100-01-01) must be after --start'],
  ])('refuses %j with a precise message, creating nothing', async (extra, message) => {
    const result = await create('100', extra);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('creates an at-completion presale with a minimum raise, a window end and a vesting', async () => {
    const end = (await readChainTime(chain.connection)) + 3_600n;
    const result = await create('5', [
      '--delivery',
      'at-completion',
      '--minimum-raise',
      '2.5',
      '--end',
      end.toString(),
      '--unlocked-at-completion',
      '12.5',
      '--cliff',
      '7d',
      '--vesting',
      '90d',
    ]);
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({
      delivery: 'at-completion',
      minimumRaiseLamports: '2500000000',
      vesting: { unlockedAtCompletionBps: 1_250, cliffSeconds: 604_800, vestingSeconds: 7_776_000 },
      window: { start: '0', end: end.toString() },
    });
    expect(await status(result.json().presale as string)).toMatchObject({
      delivery: 'at-completion',
      saleStatus: 'open',
      complete: false,
      minimumRaise: { lamports: '2500000000', display: '2.5 SOL' },
      vesting: {
        unlockedAtCompletionPercent: 12.5,
        cliffSeconds: 604_800,
        vestingSeconds: 7_776_000,
      },
      escrow: { lamports: '0' },
      distribution: { buyers: '0', buyersDelivered: '0' },
    });
  });
});

describe('finalize, distribute, withdraw-proceeds and withdraw-unsold on the local chain', () => {
  it('takes an escrow sale from sold out to every buyer delivered and the seller paid', async () => {
    const end = (await readChainTime(chain.connection)) + 3_600n;
    const created = await create('6', [
      '--delivery',
      'at-completion',
      '--minimum-raise',
      '3',
      '--end',
      end.toString(),
    ]);
    const presale = created.json().presale as string;
    const sale = {
      presale: new PublicKey(presale),
      vault: new PublicKey(created.json().tempTokenAccount as string),
    };

    // Before completion everything is refused, naming why.
    const early = await on('finalize', presale, keeperFile);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`presale ${presale} is not complete: 0 of 6 SOL sold`);
    const notFinalized = `presale ${presale} is not finalized (status open): run \`finalize --presale ${presale}\` once it is complete`;
    expect((await on('distribute', presale, keeperFile)).stderr).toContain(notFinalized);
    expect((await on('withdraw-proceeds', presale, sellerFile)).stderr).toContain(notFinalized);
    const unsoldEarly = await on('withdraw-unsold', presale, sellerFile);
    expect(unsoldEarly.code).toBe(1);
    expect(unsoldEarly.stderr).toContain('its unsold FBT can be withdrawn once it is finalized');

    const buyers = await chain.fundedKeypairs(20, SOL);
    await chain.buyAll(sale, buyers, (6n * SOL) / 20n);
    expect(await status(presale)).toMatchObject({
      saleStatus: 'sold-out',
      complete: true,
      escrow: { lamports: '6000000000', display: '6 SOL' },
      distribution: {
        buyers: '20',
        buyersDelivered: '0',
        tokensOwed: { baseUnits: '120000000000' },
      },
    });

    const dry = await on('finalize', presale, keeperFile, ['--dry-run']);
    expect(dry.json()).toMatchObject({
      outcome: 'succeeded',
      status: 'sold-out',
      changed: false,
      dryRun: true,
      transactions: [
        [{ instruction: 'Finalize', accounts: [{ role: 'presale', address: presale }] }],
      ],
    });
    const finalized = await on('finalize', presale, keeperFile);
    expect(finalized.code).toBe(0);
    expect(finalized.json()).toMatchObject({ status: 'succeeded', changed: true, dryRun: false });
    expect((await on('finalize', presale, keeperFile)).json()).toMatchObject({
      status: 'succeeded',
      changed: false,
    });

    const plan = await on('distribute', presale, keeperFile, ['--dry-run']);
    expect(plan.code).toBe(0);
    expect(plan.json()).toMatchObject({ buyers: 20, due: 20, changed: false, dryRun: true });
    expect(await fbtOf(buyers[0]!.publicKey)).toBe(0n);

    const distributed = await on('distribute', presale, keeperFile);
    expect(distributed.code).toBe(0);
    const transactions = (plan.json().transactions as unknown[]).length;
    expect(distributed.stderr).toContain(
      `distribute: transaction ${transactions} of ${transactions} confirmed`,
    );
    expect(distributed.json()).toMatchObject({
      buyersDelivered: '20',
      progress: '20 of 20 buyers hold every FBT they bought',
      failed: 0,
      changed: true,
    });
    for (const buyer of buyers) expect(await fbtOf(buyer.publicKey)).toBe(6_000_000_000n);
    expect((await on('distribute', presale, keeperFile)).json()).toMatchObject({
      due: 0,
      transactions: [],
      changed: false,
    });

    const stranger = path.join(dir, 'stranger.json');
    writeKeypairFile(stranger, Keypair.generate());
    const notSeller = await on('withdraw-proceeds', presale, stranger);
    expect(notSeller.code).toBe(1);
    expect(notSeller.stderr).toContain('is not the seller of presale');
    const before = await chain.connection.getBalance(chain.seller.publicKey, 'confirmed');
    const proceeds = await on('withdraw-proceeds', presale, sellerFile);
    expect(proceeds.json()).toMatchObject({ withdrawnLamports: '6000000000', changed: true });
    const after = await chain.connection.getBalance(chain.seller.publicKey, 'confirmed');
    expect(BigInt(after - before)).toBe(6n * SOL - 5_000n);
    expect((await on('withdraw-proceeds', presale, sellerFile)).json()).toMatchObject({
      withdrawnLamports: '0',
      changed: false,
    });
    expect(await status(presale)).toMatchObject({
      escrow: { lamports: '0' },
      proceedsWithdrawn: { lamports: '6000000000' },
      unsoldTokens: { baseUnits: '0' },
    });
  }, 120_000);

  it('finalizes a sale that missed its minimum as failed, then refuses to distribute or pay the seller', async () => {
    const end = (await readChainTime(chain.connection)) + 3n;
    const created = await create('10', [
      '--delivery',
      'at-completion',
      '--minimum-raise',
      '5',
      '--end',
      end.toString(),
    ]);
    const presale = created.json().presale as string;
    const sale = {
      presale: new PublicKey(presale),
      vault: new PublicKey(created.json().tempTokenAccount as string),
    };
    await chain.buy(sale, (await chain.fundedKeypairs(1, 2n * SOL))[0]!, SOL);
    while ((await readChainTime(chain.connection)) < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const finalized = await on('finalize', presale, keeperFile);
    expect(finalized.json()).toMatchObject({ status: 'failed', outcome: 'failed', changed: true });
    const distribute = await on('distribute', presale, keeperFile);
    expect(distribute.code).toBe(1);
    expect(distribute.stderr).toContain(
      'missed its minimum raise: buyers are refunded and nothing is distributed',
    );
    const proceeds = await on('withdraw-proceeds', presale, sellerFile);
    expect(proceeds.stderr).toContain('its escrow belongs to the buyers (refunds), not the seller');
    // A failed sale owes no FBT: every one of them goes back to the seller.
    const unsold = await on('withdraw-unsold', presale, sellerFile);
    expect(unsold.json()).toMatchObject({ withdrawnBaseUnits: '200000000000' });
  }, 60_000);

  it('refuses the completion commands on an instant presale', async () => {
    const created = await create('2', []);
    const presale = created.json().presale as string;
    const message = `presale ${presale} delivers its FBT in each buy (instant)`;
    expect((await on('finalize', presale, keeperFile)).stderr).toContain(message);
    expect((await on('distribute', presale, keeperFile)).stderr).toContain(message);
    expect((await on('withdraw-proceeds', presale, sellerFile)).stderr).toContain(message);
    expect(await status(presale)).toMatchObject({ delivery: 'instant' });
  }, 60_000);
});
