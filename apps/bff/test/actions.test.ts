/**
 * The presale Blink against the real local chain: a client written to the Solana Actions
 * specification (actions-client.ts) resolves the site's links, GETs, POSTs, signs with a
 * keypair and sends; the chain then holds the buyer's FBT and the leader's accrued 10%. Then
 * every refusal: malformed accounts, amounts and codes, paused, sold-out, out-of-window and
 * allowlisted presales, oversized bodies, the write rate limit.
 */
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresaleVariant } from '@fbt/domain';
import { DIALOG_TEXTS, leaderBlinkUrl } from '@fbt/domain';
import {
  buildRegisterLeaderInstruction,
  buildSetActiveInstruction,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
  decodeLeaderRecordAccount,
  findLeaderRecordAddress,
  PresaleInstruction,
} from '@fbt/presale-client';
import { buildApp } from '../src/app';
import type { AppSettings } from '../src/app-deps';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { ACTION_ICON_SVG } from '../src/routes/api/actions/icon';
import {
  ActionApiError,
  assertActionHeaders,
  fillLinkedAction,
  getAction,
  postAction,
  resolveActionUrl,
  signAndSend,
  type SpecAction,
} from './actions-client';
import { startSeededChain, type SeededChain } from './chain-fixture';
import { TEST_SETTINGS } from './helper';

const SOL = 1_000_000_000n;
const PRICE = 50_000n;
let chain: SeededChain;
let wired: WiredDeps;
let app: FastifyInstance;
let origin: string;
let leader: Keypair;
const scheduler = createManualScheduler();
const extraApps: FastifyInstance[] = [];

async function sendAsSeller(instruction: TransactionInstruction): Promise<void> {
  const { connection, seller } = chain;
  const tx = new Transaction().add(instruction);
  await connection
    .sendTransaction(tx, [seller])
    .then((signature) =>
      connection
        .getLatestBlockhash()
        .then((latest) => connection.confirmTransaction({ signature, ...latest }, 'confirmed')),
    );
}

const sellerParams = (variant: PresaleVariant) => ({
  programId: new PublicKey(chain.deployment.programId),
  seller: chain.seller.publicKey,
  presale: new PublicKey(chain.deployment.presales[variant].address),
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the app's cache of `variant` shows what the chain now holds. */
async function cacheShows(
  variant: PresaleVariant,
  check: (snapshot: NonNullable<ReturnType<typeof snapshotOf>>) => boolean,
): Promise<void> {
  await waitFor(() => {
    const snapshot = snapshotOf(variant);
    return snapshot !== undefined && check(snapshot);
  });
}
const snapshotOf = (variant: PresaleVariant) =>
  app.presaleCache.resources[variant].current()?.value;

async function startApp(settings: Partial<AppSettings> = {}): Promise<FastifyInstance> {
  const instance = await buildApp({
    ...wired.deps,
    settings: { ...wired.deps.settings, ...settings },
  });
  await instance.listen({ host: '127.0.0.1', port: 0 });
  return instance;
}

const originOf = (instance: FastifyInstance): string =>
  `http://127.0.0.1:${(instance.server.address() as { port: number }).port}`;

const actionUrl = (variant: string, query = '') =>
  `${origin}/api/actions/presale/${variant}${query}`;

async function expectRefusal(promise: Promise<unknown>, status: number, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ActionApiError);
  const refusal = error as ActionApiError;
  expect(refusal.status).toBe(status);
  if (typeof message === 'string') expect(refusal.message).toBe(message);
  else expect(refusal.message).toMatch(message);
  // Errors carry the Action headers too, so a Blink client on another origin can read them.
  assertActionHeaders(refusal.headers);
}

function amountAction(action: SpecAction) {
  const linked = action.links?.actions.find((candidate) => candidate.parameters !== undefined);
  if (linked === undefined) throw new Error('no amount field');
  return linked;
}

beforeAll(async () => {
  chain = await startSeededChain();
  wired = await createAppDeps(
    chain.deployment,
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '' }),
    { scheduler, logger: false, settings: TEST_SETTINGS },
  );
  leader = await chain.fundedKeypair(5);
  await sendAsSeller(
    buildRegisterLeaderInstruction({
      ...sellerParams('leader'),
      code: 'beast42',
      leaderWallet: leader.publicKey,
    }),
  );
  await sendAsSeller(
    buildRegisterLeaderInstruction({
      ...sellerParams('leader'),
      code: 'sleepy1',
      leaderWallet: Keypair.generate().publicKey,
    }),
  );
  await sendAsSeller(
    buildSetLeaderActiveInstruction({ ...sellerParams('leader'), code: 'sleepy1', active: false }),
  );
  app = await buildApp(wired.deps);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  origin = address;
  await waitFor(() => (['public', 'private', 'leader'] as const).every((v) => snapshotOf(v)));
}, 180_000);

afterAll(async () => {
  for (const extra of extraApps) await extra.close();
  await app?.close();
  await wired?.close();
  await chain?.stop();
});

describe('a spec client buys from the Blink', () => {
  it('buys through a leader Blink: the buyer holds the FBT and the leader record accrued 10%', async () => {
    const { connection } = chain;
    const [recordAddress] = findLeaderRecordAddress(
      new PublicKey(chain.deployment.programId),
      new PublicKey(chain.deployment.presales.leader.address),
      'beast42',
    );
    const recordBefore = decodeLeaderRecordAccount(
      new Uint8Array((await connection.getAccountInfo(recordAddress))?.data ?? []),
    );
    const buyer = await chain.fundedKeypair(10);

    // The link a leader shares, resolved through /actions.json as a Blink client does.
    const resolved = await resolveActionUrl(leaderBlinkUrl(origin, 'beast42'));
    expect(resolved).toBe(actionUrl('leader', '?code=beast42'));
    const { action, headers } = await getAction(resolved ?? '');
    expect(headers.get('x-action-version')).toBe('2.4');
    const genesis = await connection.getGenesisHash();
    expect(headers.get('x-blockchain-ids')).toBe(`solana:${genesis.slice(0, 32)}`);
    expect(action).toMatchObject({ title: 'FBT Leader Presale', label: 'Buy FBT' });
    expect(action.disabled).toBeUndefined();
    expect(action.description).toContain('leader code beast42');

    const href = fillLinkedAction(amountAction(action), resolved ?? '', { amount: '2' });
    const answer = await postAction(href, { account: buyer.publicKey.toBase58() });
    expect(answer.message).toBe('Buy 40000 FBT for 2 SOL with leader code beast42.');
    const { transaction } = await signAndSend(connection, answer.transaction, buyer);

    // What the transaction holds: compute budget, priority fee, the buyer's token account
    // created, then BuyWith naming the leader record (and the leader memo).
    const keys = transaction.message.staticAccountKeys;
    const programs = transaction.message.compiledInstructions.map((ix) =>
      keys[ix.programIdIndex]?.toBase58(),
    );
    expect(programs.slice(0, 2)).toEqual([
      ComputeBudgetProgram.programId.toBase58(),
      ComputeBudgetProgram.programId.toBase58(),
    ]);
    expect(programs).toContain('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
    const buyWith = transaction.message.compiledInstructions.find(
      (ix) => keys[ix.programIdIndex]?.toBase58() === chain.deployment.programId,
    );
    expect(buyWith?.data[0]).toBe(PresaleInstruction.BuyWith);
    expect(buyWith?.accountKeyIndexes.map((i) => keys[i]?.toBase58())).toContain(
      recordAddress.toBase58(),
    );
    expect(keys[0]?.equals(buyer.publicKey)).toBe(true);

    const ata = getAssociatedTokenAddressSync(
      new PublicKey(chain.deployment.mint),
      buyer.publicKey,
    );
    expect((await getAccount(connection, ata, 'confirmed')).amount).toBe(
      (2n * SOL * 1_000_000n) / PRICE,
    );
    const recordAfter = decodeLeaderRecordAccount(
      new Uint8Array((await connection.getAccountInfo(recordAddress, 'confirmed'))?.data ?? []),
    );
    expect(recordAfter.solsEarned - recordBefore.solsEarned).toBe((2n * SOL) / 10n);
    expect(recordAfter.volumeLamports - recordBefore.volumeLamports).toBe(2n * SOL);
    expect(recordAfter.buys - recordBefore.buys).toBe(1n);
  });

  it('buys with a preset button on the public Blink, resolved from the site link', async () => {
    const buyer = await chain.fundedKeypair(5);
    const resolved = await resolveActionUrl(`${origin}/presale`);
    expect(resolved).toBe(actionUrl('public'));
    const { action } = await getAction(resolved ?? '');
    const labels = action.links?.actions.map((linked) => linked.label);
    expect(labels).toEqual(['Buy 0.5 SOL', 'Buy 1 SOL', 'Buy 5 SOL', 'Buy FBT']);
    expect(amountAction(action).parameters?.[0]).toMatchObject({
      name: 'amount',
      type: 'number',
      required: true,
      min: 0.1,
      max: 10,
    });
    const oneSol = action.links?.actions.find((linked) => linked.label === 'Buy 1 SOL');
    const answer = await postAction(fillLinkedAction(oneSol!, resolved ?? ''), {
      account: buyer.publicKey.toBase58(),
    });
    await signAndSend(chain.connection, answer.transaction, buyer);
    const ata = getAssociatedTokenAddressSync(
      new PublicKey(chain.deployment.mint),
      buyer.publicKey,
    );
    expect((await getAccount(chain.connection, ata, 'confirmed')).amount).toBe(
      20_000n * 1_000_000n,
    );
    // The buyer's record is what the site reads: the Blink buy counts toward the maximum.
    const record = await app.inject(`/api/v1/presales/public/buyers/${buyer.publicKey.toBase58()}`);
    expect(record.json()).toMatchObject({ boughtLamports: SOL.toString() });
  });

  it('describes the presale with the live price, progress and limits, and serves its icon', async () => {
    const { action } = await getAction(actionUrl('public'));
    expect(action.title).toBe('FBT Presale');
    expect(action.description).toMatch(
      /^Buy FBT at 0\.00005 SOL per token \(20,000 FBT per SOL\)\. Raised [\d.]+ of 100 SOL \([\d.]+%\)\. Each wallet buys from 0\.1 to 10 SOL in total\.$/,
    );
    expect(action.icon).toBe(`${origin}/api/actions/icon.svg`);
    const icon = await fetch(action.icon);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await icon.text()).toBe(ACTION_ICON_SVG);
  });

  it('answers the CORS preflight of the Action and of actions.json', async () => {
    for (const url of [actionUrl('public'), `${origin}/actions.json`]) {
      const response = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://x.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(response.status).toBe(204);
      assertActionHeaders(response.headers);
      expect(response.headers.get('x-action-version')).toBe('2.4');
    }
  });

  it('publishes actions.json mapping the site pages, and redirects the path links to the hash routes', async () => {
    const response = await fetch(`${origin}/actions.json`);
    assertActionHeaders(response.headers);
    expect(await response.json()).toEqual({
      rules: [
        { pathPattern: '/presale', apiPath: '/api/actions/presale/public' },
        { pathPattern: '/mammamia-vip', apiPath: '/api/actions/presale/private' },
        { pathPattern: '/leader', apiPath: '/api/actions/presale/leader' },
        { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
      ],
    });
    const leaderPage = await fetch(leaderBlinkUrl(origin, 'beast42'), { redirect: 'manual' });
    expect(leaderPage.status).toBe(302);
    expect(leaderPage.headers.get('location')).toBe('/#/leader?code=beast42');
    const privatePage = await fetch(`${origin}/mammamia-vip`, { redirect: 'manual' });
    expect(privatePage.headers.get('location')).toBe('/#/mammamia-vip');
    expect(await resolveActionUrl(actionUrl('private'))).toBe(actionUrl('private'));
  });
});

describe('refusals, each as the spec’s { message }', () => {
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
    const buyer = await chain.fundedKeypair(15);
    await chain.buy(buyer, 'public', 10n * SOL);
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
    const buyer = await chain.fundedKeypair(2);
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
        account: leader.publicKey.toBase58(),
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
    extraApps.push(limited);
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
    extraApps.push(closed);
    const response = await fetch(`${originOf(closed)}/api/actions/presale/public`, {
      method: 'OPTIONS',
      headers: { origin: 'https://x.com', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    assertActionHeaders(response.headers);
  });
});

describe('blocked presales: disabled Blink, no transaction', () => {
  const buyerAccount = async () => (await chain.fundedKeypair(3)).publicKey.toBase58();

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
    const buyer = await chain.fundedKeypair(5);
    await chain.buy(buyer, 'private', 2n * SOL);
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
