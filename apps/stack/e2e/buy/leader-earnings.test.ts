// Leaders on chain, through the site: a leader-page buy naming the code's record (the program
// pays the leader 10%), the leader earnings page (totals read from the record, share link, QR
// code and Blink link, claiming in one click), a suspended code, and a leader buying through
// their own code.
import { createRequire } from 'node:module';
import { decodePresaleState } from '@fbt/domain';
import { fetchLeaderRecord, findLeaderRecordAddress } from '@fbt/presale-client';
import { buyFbt } from '@fbt/purchase';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import type * as QrCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { openBuyerPage, saveShot, scrollToPurchaseBox } from '../../test/support/buy-stack';
import {
  connect,
  sendAndWait,
  SOL,
  typeAmount,
  useBuySession,
} from '../../test/support/buy-session';

const session = useBuySession();

/** The earnings page's Connect Wallet button. */
const EARNINGS_CONNECT = 'earnings-connect-wallet';

/** The site's own QR library (the client's dependency), to check what the page drew. */
const qrcode = createRequire(new URL('../../../client/package.json', import.meta.url))(
  'qrcode',
) as typeof QrCode;

const programId = () => new PublicKey(session.stack.deployment.programId);
const leaderPresale = () => session.stack.presaleAddress('leader');
const recordOf = (code: string) => findLeaderRecordAddress(programId(), leaderPresale(), code)[0];
const readRecord = (code: string) =>
  fetchLeaderRecord(session.stack.connection, programId(), leaderPresale(), code);
const balance = async (key: PublicKey) =>
  BigInt(await session.stack.connection.getBalance(key, 'confirmed'));

/** A leader code on chain (the seller's RegisterLeader, via the operator CLI). */
async function registerLeader(code: string, wallet: PublicKey): Promise<void> {
  await session.stack.operatorCli([
    'leaders',
    'register',
    '--presale',
    'leader',
    '--code',
    code,
    '--wallet',
    wallet.toBase58(),
  ]);
}

/** A buy through `code`'s record made outside the browser (only the chain changes). */
async function leaderBuyFromNode(code: string, amount: string): Promise<void> {
  const buyer = await session.stack.fundedWallet(Math.ceil(Number(amount)) + 1);
  const info = await session.stack.connection.getAccountInfo(leaderPresale(), 'confirmed');
  const result = await buyFbt(
    {
      connection: session.stack.connection,
      signTransaction: (transaction) => {
        transaction.sign([buyer]);
        return Promise.resolve(transaction);
      },
      pollIntervalMs: 100,
    },
    {
      programId: programId(),
      presale: leaderPresale(),
      mint: new PublicKey(session.stack.deployment.mint),
      state: decodePresaleState(info!.data),
      buyer: buyer.publicKey,
      amountInput: amount,
      boughtLamports: 0n,
      leaderRecord: recordOf(code),
    },
  );
  if (!result.ok) throw new Error(`leader buy failed: ${result.message}`);
}

/** Opens the earnings page the way a leader does: from the leader page's link. */
async function openEarnings(page: Page): Promise<void> {
  await page.getByTestId('leader-earnings-link').click();
  await page.getByRole('heading', { name: 'Leader earnings' }).waitFor();
  expect(new URL(page.url()).hash).toBe('#/leader/earnings');
}

/** The QR code on the page as a matrix of dark modules, sampled at each module's centre. */
async function drawnMatrix(page: Page, size: number): Promise<string[]> {
  return page
    .getByTestId('leader-qr')
    .locator('canvas')
    .evaluate((element, modules) => {
      const canvas = element as HTMLCanvasElement;
      const context = canvas.getContext('2d')!;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const scale = canvas.width / (modules + 4);
      const rows: string[] = [];
      for (let row = 0; row < modules; row++) {
        let line = '';
        for (let col = 0; col < modules; col++) {
          const x = Math.floor(scale * (2 + col + 0.5));
          const y = Math.floor(scale * (2 + row + 0.5));
          line += (pixels[(y * canvas.width + x) * 4] ?? 255) < 128 ? '#' : '.';
        }
        rows.push(line);
      }
      return rows;
    }, size);
}

/** At phone width nothing of the page's content or its dialogs sticks out sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  const original = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const sticking = await page.evaluate(() =>
    [...document.querySelectorAll('main *, dialog *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => `${element.tagName}.${element.className}`),
  );
  expect(sticking).toEqual([]);
  await page.setViewportSize(original);
}

function expectedMatrix(link: string): { size: number; rows: string[] } {
  const { modules } = qrcode.create(link, { errorCorrectionLevel: 'M' });
  const rows = Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? '#' : '.')).join(''),
  );
  return { size: modules.size, rows };
}

describe('a leader-page buy', () => {
  it('names the code’s on-chain record: the program pays the leader 10% and the seller 90%', async () => {
    const leader = Keypair.generate();
    await registerLeader('earner1', leader.publicKey);
    const buyer = await session.stack.fundedWallet(5);
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/leader?code=earner1',
      { wallet: buyer },
    );
    await connect(page, buyer);
    await expect
      .poll(() => page.getByTestId('leader-pays').textContent())
      .toBe(
        'Buying with leader code earner1: the presale program pays 10% of your SOL to its leader.',
      );
    await saveShot(page, 'leader-pays');
    const seller = session.stack.operator.publicKey;
    const [sellerBefore, recordBefore] = await Promise.all([
      balance(seller),
      balance(recordOf('earner1')),
    ]);
    await typeAmount(page, '2');
    const { title, text } = await sendAndWait(page);
    expect(title, text).toBe('Transaction successful');
    const signature = (await page.getByTestId('transaction-signature').textContent()) ?? '';

    expect((await balance(seller)) - sellerBefore).toBe((18n * SOL) / 10n);
    expect((await balance(recordOf('earner1'))) - recordBefore).toBe(SOL / 5n);
    expect(await readRecord('earner1')).toMatchObject({
      volumeLamports: 2n * SOL,
      buys: 1n,
      solsEarned: SOL / 5n,
    });
    // The report still acknowledges the buy to the ledger.
    const [recorded] = await session.stack.ledger.listRecentBuys('earner1', 1);
    expect(recorded).toMatchObject({ signature, lamports: 2n * SOL });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the leader earnings page', () => {
  it('shows what the code earned, shares its link and QR code, and claims in one click', async () => {
    const leader = await session.stack.fundedWallet(1);
    await registerLeader('earner2', leader.publicKey);
    await leaderBuyFromNode('earner2', '2');
    await leaderBuyFromNode('earner2', '0.5');

    const { page, context, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/leader?code=earner2',
      { wallet: leader },
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(session.stack.url).origin,
    });
    await openEarnings(page);
    await page.getByTestId('earnings-connect').waitFor();
    await saveShot(page, 'earnings-connect', { frame: 'top' });
    await connect(page, leader, undefined, 'earnings-card', EARNINGS_CONNECT);

    const card = page.getByTestId('earnings-card');
    const value = (key: string) => card.getByTestId(`earnings-${key}`).textContent();
    expect(await card.locator('h2').textContent()).toBe('earner2');
    expect(await value('status')).toBe('Active');
    expect(await value('volume')).toBe('2.5 SOL');
    expect(await value('buys')).toBe('2');
    expect(await value('earned')).toBe('0.25 SOL');
    expect(await value('claimed')).toBe('0 SOL');
    expect(await value('claimable')).toBe('0.25 SOL');
    expect(await value('claim')).toBe('Claim 0.25 SOL');
    await saveShot(page, 'earnings-list', { frame: 'top' });

    const link = `${session.stack.url}#/leader?code=earner2`;
    expect(await page.getByTestId('leader-link').inputValue()).toBe(link);
    await page.getByTestId('leader-link-copy').click();
    await expect.poll(() => page.getByTestId('leader-link-copy').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The Blink link: the path form at the site's origin, which /actions.json maps to the Action.
    const blink = `${new URL(session.stack.url).origin}/leader?code=earner2`;
    expect(await page.getByTestId('leader-blink').inputValue()).toBe(blink);
    await page.getByTestId('leader-blink-copy').click();
    await expect
      .poll(() => page.getByTestId('leader-blink-copy').textContent())
      .toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(blink);
    await saveShot(page, 'earnings-share', { frame: 'leader-blink' });

    await page.getByTestId('leader-link-qr').click();
    const qrDialog = page.getByRole('dialog', { name: 'Leader link for earner2' });
    await qrDialog.waitFor();
    await expect.poll(() => page.getByTestId('leader-qr').getAttribute('data-state')).toBe('drawn');
    const expected = expectedMatrix(link);
    expect(await drawnMatrix(page, expected.size)).toEqual(expected.rows);
    expect(await qrDialog.getByRole('img').getAttribute('aria-label')).toBe(
      'QR code of the leader link for earner2',
    );
    await saveShot(page, 'earnings-qr', { frame: 'top' });
    await expectFitsPhone(page);
    const qrBox = await qrDialog.getByRole('img').boundingBox();
    const panelBox = await qrDialog.locator('.dialog__panel').boundingBox();
    expect(qrBox!.x + qrBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
    await qrDialog.getByRole('button', { name: 'Close', exact: true }).click();

    const walletBefore = await balance(leader.publicKey);
    await card.getByTestId('earnings-claim').click();
    const done = page.getByRole('dialog', { name: 'Commission claimed' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.getByTestId('transaction-summary').textContent()).toBe(
      '0.25 SOL sent to your wallet',
    );
    await saveShot(page, 'earnings-claimed', { frame: 'top' });
    const signature = (await done.getByTestId('transaction-signature').textContent()) ?? '';
    const tx = await session.stack.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect((await balance(leader.publicKey)) - walletBefore).toBe(SOL / 4n - BigInt(tx!.meta!.fee));
    expect(await readRecord('earner2')).toMatchObject({
      solsClaimed: SOL / 4n,
      solsClaimable: 0n,
    });
    await done.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => value('claimable')).toBe('0 SOL');
    expect(await value('claimed')).toBe('0.25 SOL');
    expect(await value('claim')).toBe('Nothing to claim yet');
    expect(await card.getByTestId('earnings-claim').isDisabled()).toBe(true);
    await saveShot(page, 'earnings-after-claim', { frame: 'top' });

    await page.evaluate(() => localStorage.setItem('fbt.language', 'it'));
    await page.reload();
    await expect.poll(() => value('claim')).toBe('Ancora niente da riscuotere');
    expect(await card.locator('.earnings-card__claim .earnings-card__label').textContent()).toBe(
      'Da riscuotere',
    );
    expect(await card.locator('.copy-field__label').allTextContents()).toEqual([
      'Il tuo link da leader',
      'Link Blink',
    ]);
    await saveShot(page, 'earnings-after-claim-it', { frame: 'top' });
    await expectFitsPhone(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('a wallet no code pays is told so', async () => {
    const wallet = await session.stack.fundedWallet(1);
    const { page, close } = await openBuyerPage(
      session.browser,
      session.stack,
      '/leader?code=earner1',
      { wallet, width: 390 },
    );
    await openEarnings(page);
    // The Connect dialog speaks of this page's purpose, not of buying FBT.
    await page.getByTestId(EARNINGS_CONNECT).click();
    const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
    expect(await picker.locator('.dialog__text').textContent()).toBe(
      'Choose the wallet your leader codes pay, to claim your commission.',
    );
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await connect(page, wallet, undefined, 'earnings-empty', EARNINGS_CONNECT);
    expect(await page.getByTestId('earnings-empty').textContent()).toContain(
      'No leader code pays this wallet',
    );
    await saveShot(page, 'earnings-empty', { frame: 'earnings-empty' });
    await close();
  });
});

describe('a suspended code', () => {
  it('is told before Send and the buy goes through without it; its leader still claims what it earned', async () => {
    const leader = await session.stack.fundedWallet(1);
    await registerLeader('paused1', leader.publicKey);
    await leaderBuyFromNode('paused1', '1');
    await session.stack.operatorCli([
      'leaders',
      'suspend',
      '--presale',
      'leader',
      '--code',
      'paused1',
    ]);

    const buyer = await session.stack.fundedWallet(3);
    const buying = await openBuyerPage(session.browser, session.stack, '/leader?code=paused1', {
      wallet: buyer,
    });
    await connect(buying.page, buyer);
    await expect
      .poll(() => buying.page.getByTestId('leader-problem').textContent())
      .toBe(
        'The leader code "paused1" is suspended, so this purchase will not earn its leader a commission. You can still buy now.',
      );
    // No share area: a suspended code's links would earn its leader nothing.
    expect(await buying.page.getByTestId('leader-share').count()).toBe(0);
    await saveShot(buying.page, 'leader-suspended');
    await typeAmount(buying.page, '1');
    await buying.page.getByTestId('purchase-send').click();
    const confirm = buying.page.getByRole('dialog', {
      name: 'Buy without a verified leader code?',
    });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(
      'The leader code "paused1" is suspended: its leader earns nothing on this purchase.',
    );
    await saveShot(buying.page, 'leader-suspended-confirm');
    await buying.page.getByTestId('leader-confirm-buy').click();
    await buying.page
      .getByRole('dialog', { name: 'Transaction successful' })
      .waitFor({ timeout: 30_000 });
    expect(await session.stack.boughtLamports('leader', buyer.publicKey)).toBe(SOL);
    expect(await readRecord('paused1')).toMatchObject({ volumeLamports: SOL, buys: 1n });
    await buying.close();

    const earning = await openBuyerPage(session.browser, session.stack, '/leader?code=paused1', {
      wallet: leader,
      width: 390,
    });
    await openEarnings(earning.page);
    await connect(earning.page, leader, undefined, 'earnings-card', EARNINGS_CONNECT);
    const card = earning.page.getByTestId('earnings-card');
    expect(await card.getByTestId('earnings-status').textContent()).toBe('Suspended');
    expect(await card.getByTestId('earnings-suspended').textContent()).toBe(
      'This code is suspended: new buys with it earn no commission. What it earned stays yours to claim.',
    );
    expect(await card.getByTestId('earnings-claim').textContent()).toBe('Claim 0.1 SOL');
    await saveShot(earning.page, 'earnings-suspended', { frame: 'earnings-card' });
    await earning.close();
  });
});

describe('a leader buying through their own code', () => {
  it('is refused by the program before the wallet signs, said in Italian', async () => {
    const leader = await session.stack.fundedWallet(5);
    await registerLeader('selfie1', leader.publicKey);
    const { page, close } = await openBuyerPage(
      session.browser,
      session.stack,
      '/leader?code=selfie1',
      { wallet: leader },
    );
    await connect(page, leader);
    // In Italian: the remembered wallet reconnects on the reload.
    await page.evaluate(() => localStorage.setItem('fbt.language', 'it'));
    await page.reload();
    await scrollToPurchaseBox(page);
    await page.getByTestId('purchase-send').waitFor();
    await typeAmount(page, '1');
    const { title, text } = await sendAndWait(page);
    expect(title).toBe('Errore');
    expect(text).toContain(
      'Un leader non può acquistare con il proprio codice. Acquista con questo wallet nella pagina della prevendita pubblica.',
    );
    await saveShot(page, 'leader-self-referral-it');
    expect(await session.stack.boughtLamports('leader', leader.publicKey)).toBe(0n);
    await close();
  });
});
