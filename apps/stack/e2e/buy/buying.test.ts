// The amount field and buying on the local chain: what the buyer sees, what lands on chain, and
// every way a purchase can fail before or after the wallet is asked.
import { explorerTxUrl } from '@fbt/domain';
import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import { describe, expect, it } from 'vitest';
import { openBuyerPage, saveShot } from '../../test/support/buy-stack';
import {
  connect,
  sendAndWait,
  SOL,
  typeAmount,
  useBuySession,
} from '../../test/support/buy-session';

const session = useBuySession();

describe('the amount field', () => {
  it.each([
    ['', 'Amount field is empty'],
    ['0.05', 'Amount too low. Min 0.1 SOL'],
    ['10.5', 'Amount too high. Max 10 SOL'],
    ['abc', 'Amount must be a number'],
  ])('"%s" -> "%s", no estimate, Send disabled', async (amount, message) => {
    const wallet = session.stack.buyers[1]!;
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
    });
    await connect(page, wallet);
    await typeAmount(page, amount);
    await expect.poll(() => page.getByTestId('amount-error').textContent()).toBe(message);
    expect(await page.getByTestId('token-estimate').count()).toBe(0);
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    if (amount === '0.05') await saveShot(page, 'validation-too-low');
    await close();
  });

  it('shows "You will receive 20,000 FBT" for the default 1 SOL and 0.5 SOL -> 10,000', async () => {
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale');
    expect(await page.getByTestId('amount-input').inputValue()).toBe('1');
    expect(await page.getByTestId('amount-input').getAttribute('placeholder')).toBe('Amount');
    await expect
      .poll(() => page.getByTestId('token-estimate').textContent())
      .toBe('You will receive 20,000 FBT');
    await typeAmount(page, '0.5');
    await expect
      .poll(() => page.getByTestId('token-estimate').textContent())
      .toBe('You will receive 10,000 FBT');
    // The local stack runs without a price service: the fallback is shown, marked, never as live.
    const price = page.getByTestId('purchase-price');
    expect(await price.getAttribute('data-price-caveat')).toBe('fallback');
    expect(await price.textContent()).toMatch(/^≈ 1 SOL = \d+\.\d{2} USD/);
    expect(await page.getByTestId('purchase-price-note').textContent()).toBe(
      'Reference value: the live SOL price is unavailable right now, so this is not the market price.',
    );
    expect(await price.getAttribute('aria-describedby')).toBe(
      await page.getByTestId('purchase-price-note').getAttribute('id'),
    );
    await close();
  });
});

describe('buying', () => {
  it.each([
    ['public', '/presale', 1440],
    ['private', '/private', 390],
  ] as const)(
    'on the %s presale (%s at %d px): FBT arrive, the seller is paid, "You bought" moves',
    async (variant, route, width) => {
      const wallet = await session.stack.fundedWallet(20);
      const { page, close, errors } = await openBuyerPage(session.browser, session.stack, route, {
        wallet,
        width,
      });
      await connect(page, wallet);
      await expect
        .poll(() => page.getByTestId('purchase-bought').textContent())
        .toBe('You bought 0/10 SOL');
      await typeAmount(page, '1.5');
      const before = await session.stack.readLimits(variant);
      const { title, text, dialog } = await sendAndWait(page, `sending-${variant}`);
      expect(title, text).toBe('Transaction successful');
      expect(text).toContain('Click Open to view in Solscan');
      await saveShot(page, `success-${variant}`);
      const signature = (await page.getByTestId('transaction-signature').textContent()) ?? '';
      expect(await page.getByTestId('transaction-summary').textContent()).toBe(
        '30,000 FBT for 1.5 SOL',
      );
      const open = dialog.getByRole('link', { name: /Open/ });
      expect(await open.getAttribute('target')).toBe('_blank');
      expect(await open.getAttribute('href')).toBe(
        explorerTxUrl(signature, 'localnet', session.stack.localnet.rpcUrl),
      );

      expect(await session.stack.fbtBalance(wallet.publicKey)).toBe(30_000n * 1_000_000n);
      // The seeded FBT is Token-2022: they sit in the buyer's Token-2022 associated account.
      expect(session.stack.tokenProgram.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
      const account = await session.stack.connection.getAccountInfo(
        session.stack.fbtAccount(wallet.publicKey),
        'confirmed',
      );
      expect(account?.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
      expect(await session.stack.boughtLamports(variant, wallet.publicKey)).toBe(1_500_000_000n);
      expect((await session.stack.readLimits(variant)).currentTotalSold).toBe(
        before.currentTotalSold + 1_500_000_000n,
      );

      await dialog.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();
      await expect
        .poll(() => page.getByTestId('purchase-bought').textContent())
        .toBe('You bought 1.5/10 SOL');
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe('buying again', () => {
  it('the same amount twice in a row with the stream down: two buys on chain, each confirmed by polling', async () => {
    const wallet = await session.stack.fundedWallet(5);
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
      {
        wallet,
        blockStream: true,
      },
    );
    await connect(page, wallet);
    await typeAmount(page, '0.2');
    const signatures: string[] = [];
    for (let buy = 0; buy < 2; buy++) {
      const { title, text, dialog } = await sendAndWait(page);
      expect(title, text).toBe('Transaction successful');
      signatures.push((await page.getByTestId('transaction-signature').textContent()) ?? '');
      await dialog.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // Two transactions (the second with a newer blockhash), both on chain.
    expect(new Set(signatures).size).toBe(2);
    expect(await session.stack.boughtLamports('public', wallet.publicKey)).toBe(400_000_000n);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('when a purchase does not go through', () => {
  it('a refused signature shows the wallet’s message in the Error dialog and buys nothing', async () => {
    const wallet = await session.stack.fundedWallet(5);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
    });
    await connect(page, wallet);
    await page.evaluate(() => {
      window.fbtTestWallet!.reject.signTransaction = true;
    });
    const { title, text } = await sendAndWait(page);
    expect(title).toBe('Error');
    expect(text).toContain('User rejected the request.');
    await saveShot(page, 'error-rejected');
    expect(await page.evaluate(() => window.fbtTestWallet!.requests)).toContain('signTransaction');
    expect(await session.stack.boughtLamports('public', wallet.publicKey)).toBe(0n);
    await close();
  });

  it('a buy the program refuses (per-user max lowered on chain after the page loaded) shows its reason before the wallet is asked', async () => {
    const wallet = await session.stack.fundedWallet(5);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
      width: 390,
      blockStream: true,
    });
    await connect(page, wallet);
    await typeAmount(page, '1');
    await page.getByTestId('token-estimate').waitFor();
    await session.stack.setLimits('public', { maxUserBuyable: SOL / 2n });
    try {
      const { title, text } = await sendAndWait(page);
      expect(title).toBe('Error');
      expect(text).toContain('The amount exceeds your remaining purchase limit.');
      await saveShot(page, 'error-onchain');
      expect(await page.evaluate(() => window.fbtTestWallet!.requests)).not.toContain(
        'signTransaction',
      );
      expect(await session.stack.boughtLamports('public', wallet.publicKey)).toBe(0n);
    } finally {
      await session.stack.setLimits('public', { maxUserBuyable: 10n * SOL });
      await close();
    }
  });

  it('a wallet that already bought its maximum reads "You already exceed buyable limit" and cannot send', async () => {
    const wallet = await session.stack.fundedWallet(15);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
    });
    await connect(page, wallet);
    await typeAmount(page, '10');
    const { title } = await sendAndWait(page);
    expect(title).toBe('Transaction successful');
    await page
      .getByRole('dialog')
      .locator('.dialog__actions')
      .getByRole('button', { name: 'Close' })
      .click();
    await expect
      .poll(() => page.getByTestId('purchase-bought').textContent())
      .toBe('You bought 10/10 SOL');
    await typeAmount(page, '1');
    await expect
      .poll(() => page.getByTestId('amount-error').textContent())
      .toBe('You already exceed buyable limit');
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    await saveShot(page, 'user-at-maximum');
    await close();
  });
});
