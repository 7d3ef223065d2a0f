/**
 * The v2 answers against the real local chain: the presale's window and allowlist flag, a
 * wallet's allowlist proof (which a real BuyWith then carries), and leaders read from their
 * on-chain records (by wallet, by code).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresaleSnapshot, PresaleVariant } from '@fbt/domain';
import {
  allowlistFileName,
  allowlistProofResponseSchema,
  leaderDetailResponseSchema,
  leaderEarningsResponseSchema,
  presaleResponseSchema,
} from '@fbt/domain';
import { verifyAllowlistProof } from '@fbt/presale-client';
import { buildApp } from '../src/app';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { startSeededChain, type SeededChain } from './support/chain-fixture';
import { TEST_SETTINGS } from './support/test-world';
import { v2Chain, writeAllowlistFile, type V2Chain } from './support/v2-chain';

const SOL = 1_000_000_000n;
let chain: SeededChain;
let v2: V2Chain;
let app: FastifyInstance;
let wired: WiredDeps;
let allowlistDir: string;
const scheduler = createManualScheduler();

beforeAll(async () => {
  chain = await startSeededChain();
  v2 = v2Chain(chain);
  allowlistDir = mkdtempSync(path.join(tmpdir(), 'fbt-allowlists-'));
  wired = await createAppDeps(
    chain.deployment,
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '', ALLOWLIST_DIR: allowlistDir }),
    { scheduler, logger: false, settings: TEST_SETTINGS },
  );
  app = await buildApp(wired.deps);
  await app.ready();
  await waitFor(() => app.presaleCache.resources.leader.current() !== null);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await chain?.stop();
  if (allowlistDir !== undefined) rmSync(allowlistDir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits for the cached presale to show a change: pushed by accountSubscribe, or by the periodic
 * refresh this manual scheduler stands in for (a push sent before the subscription was live
 * is otherwise only caught by that refresh).
 */
async function waitForPresale(
  variant: PresaleVariant,
  seen: (snapshot: PresaleSnapshot) => boolean,
): Promise<void> {
  const resource = app.presaleCache.resources[variant];
  const deadline = Date.now() + 30_000;
  for (let round = 0; ; round++) {
    const current = resource.current()?.value;
    if (current !== undefined && seen(current)) return;
    if (Date.now() > deadline) throw new Error(`presale:${variant} never showed the change`);
    if (round % 25 === 24) await resource.refresh();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const get = (url: string) => app.inject(url);
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

describe('the presale answer', () => {
  it('says an open presale has no window and no allowlist', async () => {
    const body = presaleResponseSchema.parse((await get('/api/v1/presales/public')).json());
    expect(body.window).toEqual({ start: null, end: null });
    expect(body.allowlisted).toBe(false);
  });

  it('carries the window SetWindow stored, and drops it when cleared', async () => {
    const start = BigInt(Math.floor(Date.now() / 1000) - 60);
    const end = start + 86_400n;
    await v2.setWindow('public', start, end);
    await waitForPresale('public', (p) => p.rules.saleEnd !== null);
    const body = presaleResponseSchema.parse((await get('/api/v1/presales/public')).json());
    expect(body.window).toEqual({ start: Number(start), end: Number(end) });
    // A buy inside the window goes through: start <= now < end.
    const buyer = await chain.fundedKeypair(5);
    await v2.buyWith(buyer, 'public', SOL);
    await v2.setWindow('public', 0n, 0n);
    await waitForPresale('public', (p) => p.rules.saleEnd === null);
    const cleared = presaleResponseSchema.parse((await get('/api/v1/presales/public')).json());
    expect(cleared.window).toEqual({ start: null, end: null });
  }, 60_000);
});

describe('allowlist proofs', () => {
  const listed = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
  const privateRoot = () => app.presaleCache.resources.private.current()?.value.rules.allowlistRoot;

  afterAll(async () => {
    // The private presale is open again for the other suites.
    await v2.setAllowlist('private', null);
  });

  it('answers 404 for a presale without an allowlist', async () => {
    const response = await get(
      `/api/v1/presales/public/allowlist/${listed[0]?.publicKey.toBase58()}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'ALLOWLIST__NONE', message: 'The public presale has no allowlist.' },
    });
  });

  it('serves a listed wallet the proof a real BuyWith carries, once the file gives the on-chain root', async () => {
    const buyer = await chain.fundedKeypair(10);
    const wallets = [...listed.map((k) => k.publicKey), buyer.publicKey];
    const tree = writeAllowlistFile(allowlistDir, chain, 'private', wallets);
    await v2.setAllowlist('private', tree);
    await waitForPresale('private', (p) => p.rules.allowlistRoot === tree.rootHex);
    const presale = presaleResponseSchema.parse((await get('/api/v1/presales/private')).json());
    expect(presale.allowlisted).toBe(true);

    const response = await get(`/api/v1/presales/private/allowlist/${buyer.publicKey.toBase58()}`);
    expect(response.statusCode).toBe(200);
    const body = allowlistProofResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      variant: 'private',
      wallet: buyer.publicKey.toBase58(),
      root: tree.rootHex,
    });
    const proof = body.proof.map((hash) => Uint8Array.from(Buffer.from(hash, 'hex')));
    expect(verifyAllowlistProof(tree.root, v2.presale('private'), buyer.publicKey, proof)).toBe(
      true,
    );
    // The program takes it: the buyer's record shows the purchase.
    await v2.buyWith(buyer, 'private', SOL, { proof });
    const bought = await get(`/api/v1/presales/private/buyers/${buyer.publicKey.toBase58()}`);
    expect(bought.json()).toMatchObject({ boughtLamports: SOL.toString() });
  }, 60_000);

  it('answers 404 for a wallet that is not listed', async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    const response = await get(`/api/v1/presales/private/allowlist/${stranger}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'ALLOWLIST__NOT_LISTED',
        message: "This wallet is not on the private presale's allowlist.",
      },
    });
  });

  it.each([
    ['not base58', 'not-a-wallet!'],
    ['too short', '1111'],
    ['a 64-byte signature', '5'.repeat(88)],
    ['an empty segment', '%20'],
  ])('answers 400 for a wallet that is %s', async (_name, wallet) => {
    const response = await get(`/api/v1/presales/private/allowlist/${wallet}`);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('WALLET__INVALID');
  });

  it('answers 404 for an unknown presale', async () => {
    const wallet = listed[0]?.publicKey.toBase58() ?? '';
    const response = await get(`/api/v1/presales/vip/allowlist/${wallet}`);
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('PRESALE__UNKNOWN_VARIANT');
  });

  it('answers 503 and warns in /readyz while the file gives another root, then serves once fixed', async () => {
    const file = path.join(allowlistDir, allowlistFileName('private'));
    const wallet = listed[1]?.publicKey.toBase58() ?? '';
    // The operator's file of another list: its root is not the chain's.
    const onChainRoot = privateRoot();
    const good = writeAllowlistFile(allowlistDir, chain, 'private', [
      ...listed.map((k) => k.publicKey),
    ]);
    expect(good.rootHex).not.toBe(onChainRoot);
    const mismatched = await get(`/api/v1/presales/private/allowlist/${wallet}`);
    expect(mismatched.statusCode).toBe(503);
    expect(mismatched.headers['retry-after']).toBe('30');
    expect(mismatched.json()).toEqual({
      error: {
        code: 'ALLOWLIST__UNAVAILABLE',
        message:
          "The private presale's allowlist cannot be checked on this server right now; retry later.",
      },
    });
    const ready = (await get('/readyz')).json<{ warnings: string[] }>();
    expect(ready.warnings).toContainEqual(
      expect.stringMatching(/^allowlist:private: .*gives root [0-9a-f]{64}, but the chain holds/),
    );
    // No file at all.
    rmSync(file);
    const missing = await get(`/api/v1/presales/private/allowlist/${wallet}`);
    expect(missing.statusCode).toBe(503);
    expect((await get('/readyz')).json<{ warnings: string[] }>().warnings).toContainEqual(
      expect.stringContaining('no allowlist file'),
    );
    // Not an allowlist file.
    writeFileSync(file, JSON.stringify({ format: 'fbt-allowlist', version: 2, wallets: 'all' }));
    expect((await get(`/api/v1/presales/private/allowlist/${wallet}`)).statusCode).toBe(503);
    // The on-chain root moves to the file's list: proofs are served again, the warning goes.
    writeAllowlistFile(
      allowlistDir,
      chain,
      'private',
      listed.map((k) => k.publicKey),
    );
    await v2.setAllowlist('private', good);
    await waitForPresale('private', (p) => p.rules.allowlistRoot === good.rootHex);
    const served = await get(`/api/v1/presales/private/allowlist/${wallet}`);
    expect(served.statusCode).toBe(200);
    expect(allowlistProofResponseSchema.parse(served.json()).root).toBe(good.rootHex);
    expect((await get('/readyz')).json<{ warnings: string[] }>().warnings).not.toContainEqual(
      expect.stringContaining('allowlist:private'),
    );
  }, 60_000);

  it('drops the warning when the allowlist is cleared', async () => {
    rmSync(path.join(allowlistDir, allowlistFileName('private')));
    await get(`/api/v1/presales/private/allowlist/${listed[0]?.publicKey.toBase58()}`);
    expect((await get('/readyz')).json<{ warnings: string[] }>().warnings).toContainEqual(
      expect.stringContaining('allowlist:private'),
    );
    await v2.setAllowlist('private', null);
    await waitForPresale('private', (p) => p.rules.allowlistRoot === null);
    expect((await get('/readyz')).json<{ warnings: string[] }>().warnings).not.toContainEqual(
      expect.stringContaining('allowlist:private'),
    );
    const body = presaleResponseSchema.parse((await get('/api/v1/presales/private')).json());
    expect(body.allowlisted).toBe(false);
  });
});

describe('leaders on chain', () => {
  let leader: Keypair;
  let other: Keypair;

  beforeAll(async () => {
    leader = await chain.fundedKeypair(5);
    other = await chain.fundedKeypair(5);
    await v2.registerLeader('alpha1', leader.publicKey);
    await v2.registerLeader('beta22', leader.publicKey);
    await v2.registerLeader('gamma3', other.publicKey);
  }, 60_000);

  it("lists a wallet's codes with their on-chain earnings, claims included", async () => {
    const buyer = await chain.fundedKeypair(20);
    await v2.buyWith(buyer, 'leader', 1_234_567_891n, { leaderRecord: v2.recordOf('alpha1') });
    await v2.buyWith(buyer, 'leader', 2n * SOL, { leaderRecord: v2.recordOf('alpha1') });
    const before = leaderEarningsResponseSchema.parse(
      (await get(`/api/v1/leaders/by-wallet/${leader.publicKey.toBase58()}`)).json(),
    );
    const earned = 1_234_567_891n / 10n + (2n * SOL) / 10n;
    expect(before).toEqual({
      wallet: leader.publicKey.toBase58(),
      leaders: [
        {
          code: 'alpha1',
          record: v2.recordOf('alpha1').toBase58(),
          presale: chain.deployment.presales.leader.address,
          active: true,
          volumeLamports: (1_234_567_891n + 2n * SOL).toString(),
          buys: '2',
          earnedLamports: earned.toString(),
          claimedLamports: '0',
          claimableLamports: earned.toString(),
        },
        {
          code: 'beta22',
          record: v2.recordOf('beta22').toBase58(),
          presale: chain.deployment.presales.leader.address,
          active: true,
          volumeLamports: '0',
          buys: '0',
          earnedLamports: '0',
          claimedLamports: '0',
          claimableLamports: '0',
        },
      ],
    });
    await v2.claim(leader, 'alpha1');
    const after = leaderEarningsResponseSchema.parse(
      (await get(`/api/v1/leaders/by-wallet/${leader.publicKey.toBase58()}`)).json(),
    );
    expect(after.leaders[0]).toMatchObject({
      earnedLamports: earned.toString(),
      claimedLamports: earned.toString(),
      claimableLamports: '0',
    });
  }, 60_000);

  it('gives a wallet without codes an empty list', async () => {
    const nobody = Keypair.generate().publicKey.toBase58();
    const response = await get(`/api/v1/leaders/by-wallet/${nobody}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ wallet: nobody, leaders: [] });
  });

  it.each([['not-a-wallet'], ['0OIl'.repeat(11)], ['1'.repeat(60)]])(
    'answers 400 for the wallet %s',
    async (wallet) => {
      const response = await get(`/api/v1/leaders/by-wallet/${wallet}`);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('WALLET__INVALID');
    },
  );

  it('names the record of an on-chain code and whether it is active', async () => {
    const detail = leaderDetailResponseSchema.parse((await get('/api/v1/leaders/gamma3')).json());
    expect(detail).toMatchObject({
      code: 'gamma3',
      record: v2.recordOf('gamma3').toBase58(),
      active: true,
      buys: 0,
      totalLamports: '0',
      commissionLamports: '0',
    });
    await v2.setLeaderActive('gamma3', false);
    const suspended = leaderDetailResponseSchema.parse(
      (await get('/api/v1/leaders/gamma3')).json(),
    );
    expect(suspended.active).toBe(false);
    const alpha = leaderDetailResponseSchema.parse((await get('/api/v1/leaders/alpha1')).json());
    expect(alpha).toMatchObject({ buys: 2, totalLamports: (1_234_567_891n + 2n * SOL).toString() });
  }, 60_000);

  it('still answers 404 for a code that is neither on chain nor in the ledger', async () => {
    const response = await get('/api/v1/leaders/nobody9');
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('LEADER__UNKNOWN');
  });
});
