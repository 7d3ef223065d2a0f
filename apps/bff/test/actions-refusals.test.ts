/**
 * What the presale Blink refuses, each as the Solana Actions error body { message } with the
 * Action headers:
 * malformed accounts, amounts and codes, a wallet at its maximum or without SOL, suspended and
 * own codes, an unknown presale, a body that is not JSON or too large, the write rate limit;
 * then presales the chain blocks (paused, out of window, allowlisted, sold out), shown as a
 * disabled Blink with no transaction. Buying from the Blink: actions-buy.test.ts.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { PresaleVariant } from '@fbt/domain';
import { DIALOG_TEXTS } from '@fbt/domain';
import {
  buildSetActiveInstruction,
  buildSetAllowlistInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
} from '@fbt/presale-client';
import { assertActionHeaders, getAction, postAction } from './support/actions-client';
import {
  actionUrl,
  blinkWorld,
  cacheShows,
  expectRefusal,
  originOf,
  sellerParams,
  sendAsSeller,
  snapshotOf,
  SOL,
  startApp,
  useBlinkWorld,
} from './support/actions-fixture';

useBlinkWorld();

describe('refusals, each as the Solana Actions error body { message }', () => {
  it.each([
    ['nope', 'body.account: must be a base58 Solana address'],
    ['0OIl', 'body.account: must be a base58 Solana address'],
    [42, /^body\.account: /],
  ])('refuses the account %j', async (account, message) => {
    await expectRefusal(postAction(actionUrl('public', '?amount=1'), { account }), 400, message);
  });

  it('refuses a body without an account', async () => {
    await expectRefusal(postAction(actionUrl('public', '?amount=1'), {}), 400, /^body\.account: /);
  });

  it.each([
    ['', 'Amount field is empty'],
    ['abc', 'Amount must be a number'],
    ['-1', 'Amount cannot be negative'],
    ['1e3', 'Enter the amount as a plain decimal number'],
    ['1.0000000001', 'Amount can have at most 9 decimals'],
    ['0.01', 'Amount too low. Min 0.1 SOL'],
    ['11', 'Amount too high. Max 10 SOL'],
  ])('refuses the amount %j with the site’s message', async (amount, message) => {
    const account = Keypair.generate().publicKey.toBase58();
    await expectRefusal(
      postAction(actionUrl('public', `?amount=${encodeURIComponent(amount)}`), { account }),
      400,
      message,
    );
  });

  it('refuses a wallet at its maximum, and reads the amount from the body data too', async () => {
    const buyer = await blinkWorld.chain.fundedKeypair(15);
    await blinkWorld.chain.buy(buyer, 'public', 10n * SOL);
    await expectRefusal(
      postAction(actionUrl('public'), {
        account: buyer.publicKey.toBase58(),
        data: { amount: '1' },
      }),
      400,
      'You already exceed buyable limit',
    );
  });

  it('refuses a wallet without SOL with the site’s text, before any signature', async () => {
    await expectRefusal(
      postAction(actionUrl('public', '?amount=1'), {
        account: Keypair.generate().publicKey.toBase58(),
      }),
      422,
      DIALOG_TEXTS.DIALOG__NO_SOL,
    );
  });

  it('refuses bad leader codes', async () => {
    const account = Keypair.generate().publicKey.toBase58();
    await expectRefusal(
      getAction(actionUrl('leader')),
      400,
      'The leader presale Blink needs a leader code: add ?code=<leader code> to its link.',
    );
    await expectRefusal(
      getAction(actionUrl('leader', '?code=a%20b')),
      400,
      'A leader code is 3-32 letters, digits, "_" or "-".',
    );
    await expectRefusal(
      getAction(actionUrl('public', '?code=beast42')),
      400,
      'Leader codes apply only to the leader presale.',
    );
    const unknown = 'Leader code "nobody99" is not registered on the leader presale.';
    await expectRefusal(getAction(actionUrl('leader', '?code=nobody99')), 404, unknown);
    await expectRefusal(
      postAction(actionUrl('leader', '?code=nobody99&amount=1'), { account }),
      404,
      unknown,
    );
  });

  it('shows a suspended code disabled and refuses its buys', async () => {
    const { action } = await getAction(actionUrl('leader', '?code=sleepy1'));
    expect(action).toMatchObject({
      disabled: true,
      label: 'Code suspended',
      error: { message: 'This leader code is suspended.' },
    });
    expect(action.links).toBeUndefined();
    const buyer = await blinkWorld.chain.fundedKeypair(2);
    await expectRefusal(
      postAction(actionUrl('leader', '?code=sleepy1&amount=1'), {
        account: buyer.publicKey.toBase58(),
      }),
      422,
      'This leader code is suspended.',
    );
  });

  it('refuses a leader buying through their own code', async () => {
    await expectRefusal(
      postAction(actionUrl('leader', '?code=beast42&amount=1'), {
        account: blinkWorld.leader.publicKey.toBase58(),
      }),
      422,
      'A leader cannot buy through their own code.',
    );
  });

  it('answers an unknown presale and a body that is not JSON as { message }', async () => {
    await expectRefusal(getAction(actionUrl('vip')), 404, /^Unknown presale "vip"/);
    const response = await fetch(actionUrl('public'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=x',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Send the body as application/json.' });
  });

  it('refuses an oversized body', async () => {
    await expectRefusal(
      postAction(actionUrl('public', '?amount=1'), {
        account: Keypair.generate().publicKey.toBase58(),
        padding: 'x'.repeat(20_000),
      }),
      413,
      'The request body is too large.',
    );
  });

  it('limits POSTs per client like the other write routes', async () => {
    const limited = await startApp({ rateLimitWriteMax: 2 });
    const url = `${originOf(limited)}/api/actions/presale/public?amount=abc`;
    const account = Keypair.generate().publicKey.toBase58();
    await expectRefusal(postAction(url, { account }), 400, 'Amount must be a number');
    await expectRefusal(postAction(url, { account }), 400, 'Amount must be a number');
    await expectRefusal(
      postAction(url, { account }),
      429,
      'Too many requests; slow down and retry.',
    );
  });

  it('keeps its own CORS when the site has CORS origins configured', async () => {
    const closed = await startApp({ corsOrigins: ['https://fbt.example'] });
    const response = await fetch(`${originOf(closed)}/api/actions/presale/public`, {
      method: 'OPTIONS',
      headers: { origin: 'https://x.com', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    assertActionHeaders(response.headers);
  });
});

describe('blocked presales: disabled Blink, no transaction', () => {
  const buyerAccount = async () => (await blinkWorld.chain.fundedKeypair(3)).publicKey.toBase58();

  async function expectBlocked(
    variant: PresaleVariant,
    label: string,
    message: string | RegExp,
  ): Promise<void> {
    const { action } = await getAction(actionUrl(variant));
    expect(action).toMatchObject({ disabled: true, label });
    expect(action.error?.message).toMatch(message);
    expect(action.links).toBeUndefined();
    await expectRefusal(
      postAction(actionUrl(variant, '?amount=1'), { account: await buyerAccount() }),
      422,
      message,
    );
  }

  it('a paused presale', async () => {
    await sendAsSeller(buildSetActiveInstruction({ ...sellerParams('private'), active: false }));
    await cacheShows('private', (s) => !s.state.isActived);
    await expectBlocked('private', 'Presale paused', 'The presale is not active.');
    await sendAsSeller(buildSetActiveInstruction({ ...sellerParams('private'), active: true }));
    await cacheShows('private', (s) => s.state.isActived);
  });

  it('a presale before and after its window', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000));
    await sendAsSeller(
      buildSetWindowInstruction({ ...sellerParams('private'), start: now + 3600n, end: 0n }),
    );
    await cacheShows('private', (s) => s.rules.saleStart !== null);
    await expectBlocked(
      'private',
      'Not started',
      /^The presale has not started yet\. It opens on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    await sendAsSeller(
      buildSetWindowInstruction({ ...sellerParams('private'), start: 1n, end: now - 60n }),
    );
    await cacheShows('private', (s) => s.rules.saleEnd !== null);
    await expectBlocked('private', 'Presale ended', 'The presale has ended.');
    await sendAsSeller(
      buildSetWindowInstruction({ ...sellerParams('private'), start: 0n, end: 0n }),
    );
    await cacheShows('private', (s) => s.rules.saleStart === null && s.rules.saleEnd === null);
  });

  it('an allowlisted presale', async () => {
    const root = new Uint8Array(32).fill(7);
    await sendAsSeller(buildSetAllowlistInstruction({ ...sellerParams('private'), root }));
    await cacheShows('private', (s) => s.rules.allowlistRoot !== null);
    await expectBlocked('private', 'Allowlist only', /allowlisted wallets only/);
    await sendAsSeller(buildSetAllowlistInstruction({ ...sellerParams('private'), root: null }));
    await cacheShows('private', (s) => s.rules.allowlistRoot === null);
  });

  it('a sold-out presale (the last test: it stays sold out)', async () => {
    const buyer = await blinkWorld.chain.fundedKeypair(5);
    await blinkWorld.chain.buy(buyer, 'private', 2n * SOL);
    await cacheShows('private', (s) => s.state.currentTotalSold >= 2n * SOL);
    const sold = snapshotOf('private')?.state.currentTotalSold ?? 0n;
    await sendAsSeller(
      buildUpdateLimitsInstruction({
        ...sellerParams('private'),
        minUserBuyable: SOL / 10n,
        maxUserBuyable: sold,
        maxTotalBuyable: sold,
      }),
    );
    await cacheShows('private', (s) => s.state.maxTotalBuyable === sold);
    await expectBlocked('private', 'Sold out', 'The presale is sold out.');
  });
});
