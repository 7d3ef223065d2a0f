// Connecting wallets in a real browser against the real product: the picker, auto-connect,
// account switches and disconnects inside the wallet, the Local Burner, other Wallet Standard
// wallets, and the way to Phantom when it is not installed.
import { runCli } from '@fbt/operator';
import { buildTestWalletScript } from '@fbt/keypair-wallet/testing';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buyFromNode, openBuyerPage, saveShot } from '../../test/support/buy-stack';
import {
  connect,
  sendAndWait,
  SOL,
  typeAmount,
  useBuySession,
} from '../../test/support/buy-session';

const session = useBuySession();

describe('connecting a wallet', () => {
  it.each([1440, 390])(
    'at %d px: the picker lists Phantom Wallet and Solflare Wallet, connects, remembers walletName, and disconnects',
    async (width) => {
      const wallet = session.stack.buyers[0]!;
      const { page, close, errors } = await openBuyerPage(
        session.browser,
        session.stack,
        '/presale',
        {
          wallet,
          width,
        },
      );
      await saveShot(page, 'disconnected');
      await connect(page, wallet, 'picker');
      await saveShot(page, 'connected');
      expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBe('"Phantom"');
      expect(await page.getByTestId('purchase-send').textContent()).toBe('Send');

      const topBar = page.getByTestId('connect-button');
      if (width === 1440) {
        await topBar.click();
        const dialog = page.getByRole('dialog', { name: 'Disconnect Wallet' });
        await dialog.getByText('Click Button to Disconnect Wallet').waitFor();
        await saveShot(page, 'disconnect-dialog');
        await dialog.getByRole('button', { name: 'Disconnect' }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => topBar.textContent()).toBe('Connect Wallet');
        await page.getByTestId('purchase-connect').waitFor();
        expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBeNull();
      }
      expect(errors).toEqual([]);
      await close();
    },
  );

  it('reconnects the remembered installed wallet on the next visit (auto-connect)', async () => {
    const wallet = session.stack.buyers[0]!;
    const { page, context, close } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
      { wallet },
    );
    await connect(page, wallet);
    const again = await context.newPage();
    await again.goto(`${session.stack.url}#/presale`);
    await again.getByTestId('purchase-send').waitFor();
    await close();
  });

  it('follows an account switch inside the wallet: new address, bought amount re-read, buys as the new account', async () => {
    const [first, second] = await Promise.all([
      session.stack.fundedWallet(5),
      session.stack.fundedWallet(5),
    ]);
    await buyFromNode(session.stack, first, '1');
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
      {
        wallet: first,
      },
    );
    // What a wallet bought is read from the BFF's buyer route (one road, not /rpc).
    const buyerReads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      const prefix = '/api/v1/presales/public/buyers/';
      if (pathname.startsWith(prefix)) buyerReads.push(pathname.slice(prefix.length));
    });
    await connect(page, first);
    const bought = page.getByTestId('purchase-bought');
    await expect.poll(() => bought.textContent()).toBe('You bought 1/10 SOL');

    const next = [...second.secretKey];
    await page.evaluate((secretKey) => window.fbtTestWallet!.switchAccount(secretKey), next);
    const address = second.publicKey.toBase58();
    await expect
      .poll(() => page.getByTestId('connect-button').textContent())
      .toBe(`${address.slice(0, 4)}...${address.slice(-4)}`);
    await expect.poll(() => bought.textContent()).toBe('You bought 0/10 SOL');
    expect(buyerReads).toEqual(expect.arrayContaining([first.publicKey.toBase58(), address]));

    await typeAmount(page, '0.5');
    const { title } = await sendAndWait(page);
    expect(title).toBe('Transaction successful');
    expect(await session.stack.boughtLamports('public', second.publicKey)).toBe(SOL / 2n);
    expect(await session.stack.boughtLamports('public', first.publicKey)).toBe(SOL);
    expect(errors).toEqual([]);
    await close();
  });

  it('a disconnect from inside the wallet returns the site to Connect Wallet and forgets it', async () => {
    const wallet = session.stack.buyers[0]!;
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
      { wallet },
    );
    await connect(page, wallet);
    await page.evaluate(() => window.fbtTestWallet!.disconnect());
    await expect
      .poll(() => page.getByTestId('connect-button').textContent())
      .toBe('Connect Wallet');
    await page.getByTestId('purchase-connect').waitFor();
    expect(await page.getByTestId('purchase-bought').textContent()).toBe('You bought 0/10 SOL');
    expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it("the Local Burner, funded with the operator's fund command, buys on the local chain", async () => {
    const { page, close, errors } = await openBuyerPage(session.browser, session.stack, '/presale');
    await page.getByTestId('purchase-connect').click();
    await page
      .getByRole('dialog', { name: 'Connect Wallet' })
      .getByRole('button', { name: /Local Burner/ })
      .click();
    await page.getByTestId('purchase-send').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('fbt.burnerSecretKey'));
    const burner = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(stored ?? '[]') as number[]));
    const address = burner.publicKey.toBase58();
    expect(await page.getByTestId('connect-button').textContent()).toBe(
      `${address.slice(0, 4)}...${address.slice(-4)}`,
    );

    const out: string[] = [];
    const code = await runCli(
      ['fund', '--url', session.stack.localnet.rpcUrl, '--wallet', address, '--sol', '3'],
      { stdout: (line) => out.push(line), stderr: (line) => out.push(line), env: {} },
    );
    expect({ code, out }).toMatchObject({ code: 0 });
    const { title } = await sendAndWait(page);
    expect(title).toBe('Transaction successful');
    expect(await session.stack.boughtLamports('public', burner.publicKey)).toBe(SOL);
    expect(await session.stack.fbtBalance(burner.publicKey)).toBe(20_000_000_000n);
    expect(errors).toEqual([]);
    await close();
  });

  it('a refused connection leaves the box on Connect Wallet', async () => {
    const wallet = session.stack.buyers[0]!;
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
    });
    await page.evaluate(() => {
      window.fbtTestWallet!.reject.connect = true;
    });
    await page.getByTestId('purchase-connect').click();
    await page
      .getByRole('dialog', { name: 'Connect Wallet' })
      .getByRole('button', { name: /Phantom Wallet/ })
      .click();
    await expect
      .poll(() => page.evaluate(() => window.fbtTestWallet!.requests.includes('connect')))
      .toBe(true);
    await expect.poll(() => page.getByTestId('purchase-connect').isEnabled()).toBe(true);
    expect(await page.getByTestId('purchase-send').count()).toBe(0);
    await close();
  });
});

describe('other Wallet Standard wallets', () => {
  it('are detected, listed after Phantom and Solflare, and connect', async () => {
    const wallet = await session.stack.fundedWallet(1);
    const { page, context, close } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
    );
    await context.addInitScript(
      await buildTestWalletScript({
        name: 'Backpack',
        secretKey: [...wallet.secretKey],
        chains: ['solana:localnet'],
      }),
    );
    await page.reload();
    await page.getByTestId('purchase-connect').click();
    const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
    await picker.getByRole('button', { name: /Backpack/ }).waitFor();
    const labels = await picker.locator('.wallet-picker__label').allTextContents();
    expect(labels.slice(0, 2)).toEqual(['Phantom Wallet', 'Solflare Wallet']);
    expect(labels).toContain('Backpack');
    await picker.getByRole('button', { name: /Backpack/ }).click();
    await page.getByTestId('purchase-send').waitFor();
    const address = wallet.publicKey.toBase58();
    await expect
      .poll(() => page.getByTestId('connect-button').textContent())
      .toBe(`${address.slice(0, 4)}...${address.slice(-4)}`);
    expect(await page.evaluate(() => localStorage.getItem('walletName'))).toBe('"Backpack"');
    await close();
  });
});

describe('without the wallet installed', () => {
  it('on a desktop, choosing Phantom Wallet opens the Phantom site in a new tab', async () => {
    const { page, context, close } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
    );
    await page.getByTestId('purchase-connect').click();
    const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
    expect(await picker.locator('.dialog__text').textContent()).toBe(
      'Choose the wallet you want to buy FBT with.',
    );
    // Not installed: Phantom's row offers to install it; Solflare's adapter still connects
    // through its web wallet, and the row says so rather than calling it available.
    const phantom = picker.getByRole('button', { name: /Phantom Wallet/ });
    expect(await phantom.getByTestId('wallet-picker-status').textContent()).toBe('Install');
    expect(
      await picker
        .getByRole('button', { name: /Solflare Wallet/ })
        .getByTestId('wallet-picker-status')
        .textContent(),
    ).toBe('Not installed: connects through its web wallet');
    await saveShot(page, 'picker-not-installed');
    const [tab] = await Promise.all([context.waitForEvent('page'), phantom.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^https:\/\/phantom\.(app|com)\//);
    await close();
  });

  it('in Safari on an iPhone, choosing Phantom Wallet opens the page inside the Phantom app (deep link)', async () => {
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      width: 390,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const pageUrl = page.url();
    await page.getByTestId('purchase-connect').click();
    const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
    const phantom = picker.getByRole('button', { name: /Phantom Wallet/ });
    expect(await phantom.getByTestId('wallet-picker-status').textContent()).toBe('Opens the app');
    await saveShot(page, 'picker-iphone');
    await Promise.all([page.waitForURL(/^https:\/\/phantom\.app\/ul\/browse\//), phantom.click()]);
    const target = new URL(page.url());
    expect(decodeURIComponent(target.pathname.slice('/ul/browse/'.length))).toBe(pageUrl);
    expect(target.searchParams.get('ref')).toBe(new URL(session.stack.url).origin);
    await close();
  });
});
