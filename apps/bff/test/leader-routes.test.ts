import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ObservedTransaction } from '@fbt/domain';
import { leaderReportResponseSchema } from '@fbt/domain';
import {
  createTestWorld,
  randomAddress,
  randomSignature,
  settle,
  SOL,
  startApp,
  type TestWorld,
} from './helper';

let app: FastifyInstance;
let world: TestWorld;
const leaderWallet = randomAddress();
const buyer = randomAddress();

function leaderBuy(
  overrides: Partial<Extract<ObservedTransaction, { status: 'found' }>> = {},
): ObservedTransaction {
  const signature = overrides.signature ?? randomSignature();
  return {
    status: 'found',
    signature,
    slot: 321,
    blockTime: 1_790_000_000,
    error: null,
    signers: [buyer],
    buys: [{ presale: world.deployment.presales.leader.address, buyer, lamports: 2n * SOL }],
    memos: ['fbt:leader:beast42'],
    ...overrides,
  };
}

function addTransaction(tx: ObservedTransaction): string {
  const signature = tx.status === 'found' ? tx.signature : randomSignature();
  world.transactions.set(signature, tx);
  return signature;
}

const report = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/leader-reports', payload: payload as object });
const body = (signature: string, extra: Record<string, unknown> = {}) => ({
  signature,
  wallet: buyer,
  leaderCode: 'beast42',
  lamports: (2n * SOL).toString(),
  ...extra,
});

beforeEach(async () => {
  world = createTestWorld();
  await world.ledger.registerLeader({ code: 'beast42', wallet: leaderWallet });
  app = await startApp(world);
});
afterEach(async () => {
  await app.close();
});

describe('POST /api/v1/leader-reports', () => {
  it('records a verified leader buy with a server-computed 10% commission', async () => {
    const signature = addTransaction(leaderBuy());
    const response = await report(
      body(signature, { claimedCommissionLamports: (SOL / 5n).toString() }),
    );
    expect(response.statusCode).toBe(201);
    expect(leaderReportResponseSchema.parse(response.json())).toMatchObject({
      status: 'recorded',
      buy: {
        signature,
        wallet: buyer,
        leaderCode: 'beast42',
        lamports: '2000000000',
        commissionLamports: '200000000',
        slot: 321,
        source: 'report',
      },
    });
  });

  it('is idempotent: the same report twice gives the same answer and one row', async () => {
    const signature = addTransaction(leaderBuy());
    const first = await report(body(signature));
    const second = await report(body(signature));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json<object>(), status: 'already-recorded' });
    expect((await world.ledger.getLeaderSummary('beast42'))?.buys).toBe(1);
  });

  it('refuses a replay of a recorded signature with other facts', async () => {
    const signature = addTransaction(leaderBuy());
    await report(body(signature));
    const response = await report(body(signature, { lamports: (3n * SOL).toString() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'LEADER_REPORT__AMOUNT_MISMATCH' } });
  });

  it('answers 409 with Retry-After while the transaction is not confirmed', async () => {
    const response = await report(body(randomSignature()));
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      error: {
        code: 'LEADER_REPORT__TX_NOT_FOUND',
        message: 'The transaction is not confirmed yet; retry shortly.',
      },
    });
  });

  it('re-reads a transaction the chain does not show yet before answering', async () => {
    await app.close();
    const { TEST_SETTINGS } = await import('./helper');
    app = await startApp(world, {
      settings: { ...TEST_SETTINGS, leaderReportRetryDelaysMs: [1, 1] },
    });
    const late = leaderBuy();
    const signature = late.status === 'found' ? late.signature : '';
    const verifier = app.fbt.deps.verifier;
    let reads = 0;
    const original = verifier.observeTransaction.bind(verifier);
    (verifier as { observeTransaction: typeof original }).observeTransaction = (sig) => {
      reads++;
      if (reads === 2) world.transactions.set(signature, late); // appears on the second read
      return original(sig);
    };
    const response = await report(body(signature));
    expect(response.statusCode).toBe(201);
    expect(reads).toBe(2);
  });

  it('answers 503 CHAIN__UNAVAILABLE with Retry-After when the chain cannot be read', async () => {
    world.chainDown = true;
    const response = await report(body(randomSignature()));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toMatchObject({ error: { code: 'CHAIN__UNAVAILABLE' } });
  });

  it.each([
    [
      'a failed transaction',
      () => leaderBuy({ error: '{"InstructionError":[0,{"Custom":6}]}' }),
      {},
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a transaction without a presale buy',
      () => leaderBuy({ buys: [] }),
      {},
      'LEADER_REPORT__NOT_A_PRESALE_BUY',
    ],
    [
      'a buy on the public presale',
      () =>
        leaderBuy({
          buys: [{ presale: world.deployment.presales.public.address, buyer, lamports: 2n * SOL }],
        }),
      {},
      'LEADER_REPORT__WRONG_PRESALE',
    ],
    [
      'another wallet',
      () => leaderBuy(),
      { wallet: randomAddress() },
      'LEADER_REPORT__SIGNER_MISMATCH',
    ],
    [
      'an inflated amount',
      () => leaderBuy(),
      { lamports: (20n * SOL).toString() },
      'LEADER_REPORT__AMOUNT_MISMATCH',
    ],
    ['a missing memo', () => leaderBuy({ memos: [] }), {}, 'LEADER_REPORT__MEMO_MISSING'],
    [
      'another leader memo',
      () => leaderBuy({ memos: ['fbt:leader:other1'] }),
      {},
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
    [
      'an unknown code',
      () => leaderBuy({ memos: ['fbt:leader:ghost1'] }),
      { leaderCode: 'ghost1' },
      'LEADER_REPORT__UNKNOWN_LEADER',
    ],
    [
      'a wrong commission',
      () => leaderBuy(),
      { claimedCommissionLamports: '300000000' },
      'LEADER_REPORT__COMMISSION_MISMATCH',
    ],
  ] as const)('refuses %s with 422 and a code', async (_name, tx, extra, code) => {
    const signature = addTransaction(tx());
    const response = await report(body(signature, extra));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(await world.ledger.findBuy(signature)).toBeNull();
  });

  it('refuses self-referral', async () => {
    const selfTx = leaderBuy({
      signers: [leaderWallet],
      buys: [
        {
          presale: world.deployment.presales.leader.address,
          buyer: leaderWallet,
          lamports: 2n * SOL,
        },
      ],
    });
    const signature = addTransaction(selfTx);
    const response = await report(body(signature, { wallet: leaderWallet }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'LEADER_REPORT__SELF_REFERRAL' } });
  });

  it.each([
    ['an empty body', {}, 'body.signature'],
    [
      'a malformed signature',
      { ...body('abc') },
      'body.signature: must be a base58 transaction signature',
    ],
    [
      'a malformed wallet',
      { ...body(randomSignature()), wallet: 'x' },
      'body.wallet: must be a base58 Solana address',
    ],
    ['fractional lamports', { ...body(randomSignature()), lamports: '1.5' }, 'body.lamports'],
    ['a malformed code', { ...body(randomSignature()), leaderCode: 'a b' }, 'body.leaderCode'],
  ])('answers 400 REQUEST__INVALID for %s, naming the field', async (_name, payload, message) => {
    const response = await report(payload);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('REQUEST__INVALID');
    expect(error.message).toContain(message);
  });
});

describe("POST /ct (the spec's body, SOL amounts)", () => {
  const ct = (payload: object) => app.inject({ method: 'POST', url: '/ct', payload });

  it('converts SOL strings and numbers to lamports exactly and records', async () => {
    const signature = addTransaction(
      leaderBuy({
        buys: [
          { presale: world.deployment.presales.leader.address, buyer, lamports: 300_000_001n },
        ],
      }),
    );
    const response = await ct({
      txnHASH: signature,
      wallet: buyer,
      leaderCode: 'beast42',
      solsEarned: 0.300000001,
      solsClaimable: '0.030000000',
      timestamp: 1_790_000_000_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'recorded',
      buy: { lamports: '300000001', commissionLamports: '30000000' },
    });
  });

  it('reads a float-computed solsClaimable number at lamport precision (compared, never stored)', async () => {
    const signature = addTransaction(
      leaderBuy({
        buys: [
          { presale: world.deployment.presales.leader.address, buyer, lamports: 1_500_000_000n },
        ],
      }),
    );
    const response = await ct({
      txnHASH: signature,
      wallet: buyer,
      leaderCode: 'beast42',
      solsEarned: 1.5,
      solsClaimable: 1.5 * 0.1,
      timestamp: 1_790_000_000_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ buy: { commissionLamports: '150000000' } });
  });

  it('refuses more than 9 decimals instead of rounding', async () => {
    const response = await ct({
      txnHASH: randomSignature(),
      wallet: buyer,
      leaderCode: 'beast42',
      solsEarned: '0.1234567891',
      solsClaimable: '0.01',
      timestamp: '2026-11-21T12:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'AMOUNT__INVALID',
        message:
          'solsEarned must be a SOL amount with at most 9 decimals (AMOUNT__TOO_MANY_DECIMALS).',
      },
    });
  });

  it('refuses a malformed body with the field named', async () => {
    const response = await ct({ txnHASH: 'nope', wallet: buyer });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain('body.txnHASH');
  });
});

describe('leader totals, leaderboard and the reconciler', () => {
  it('GET /api/v1/leaders/:code returns totals and recent buys; unknown and malformed codes are coded', async () => {
    const signature = addTransaction(leaderBuy());
    await report(body(signature));
    const response = await app.inject('/api/v1/leaders/beast42');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'beast42',
      buys: 1,
      totalLamports: '2000000000',
      commissionLamports: '200000000',
      recent: [{ signature }],
    });
    expect((await app.inject('/api/v1/leaders/nobody')).json()).toMatchObject({
      error: { code: 'LEADER__UNKNOWN' },
    });
    const bad = await app.inject('/api/v1/leaders/a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'LEADER__INVALID_CODE' } });
  });

  it('GET /api/v1/leaderboard ranks leaders and validates the limit', async () => {
    await world.ledger.registerLeader({ code: 'second', wallet: randomAddress() });
    addTransaction(
      leaderBuy({
        memos: ['fbt:leader:second'],
        buys: [{ presale: world.deployment.presales.leader.address, buyer, lamports: 5n * SOL }],
      }),
    );
    addTransaction(leaderBuy());
    const outcome = await app.fbt.leaders.reconcile();
    expect(outcome).toEqual({ examined: 2, recorded: 2 });
    const board = await app.inject('/api/v1/leaderboard?limit=5');
    expect(
      board.json<{ leaders: { code: string }[] }>().leaders.map((leader) => leader.code),
    ).toEqual(['second', 'beast42']);
    expect((await app.inject('/api/v1/leaderboard?limit=0')).statusCode).toBe(400);
  });

  it('the reconciler records unreported verified leader buys once and skips everything else', async () => {
    const good = addTransaction(leaderBuy());
    addTransaction(leaderBuy({ memos: [] }));
    addTransaction(leaderBuy({ error: 'failed' }));
    addTransaction(leaderBuy({ memos: ['fbt:leader:ghost1'] }));
    expect(await app.fbt.leaders.reconcile()).toEqual({ examined: 4, recorded: 1 });
    expect((await world.ledger.findBuy(good))?.source).toBe('reconciler');
    // Settled signatures are not fetched again; the unknown code stays open in case it is registered.
    expect(await app.fbt.leaders.reconcile()).toEqual({ examined: 1, recorded: 0 });
    await world.ledger.registerLeader({ code: 'ghost1', wallet: randomAddress() });
    expect(await app.fbt.leaders.reconcile()).toEqual({ examined: 1, recorded: 1 });
  });

  it('the reconciler pages back through a burst larger than one page, and stops at known ones', async () => {
    for (let i = 0; i < 25; i++) addTransaction(leaderBuy());
    expect(await app.fbt.leaders.reconcile(10)).toEqual({ examined: 25, recorded: 25 });
    for (let i = 0; i < 3; i++) addTransaction(leaderBuy());
    expect(await app.fbt.leaders.reconcile(10)).toEqual({ examined: 3, recorded: 3 });
    expect((await world.ledger.getLeaderSummary('beast42'))?.buys).toBe(28);
  });

  it('runs the reconciler on its schedule when enabled', async () => {
    await app.close();
    const { TEST_SETTINGS } = await import('./helper');
    app = await startApp(world, { settings: { ...TEST_SETTINGS, reconcileIntervalMs: 60_000 } });
    const signature = addTransaction(leaderBuy());
    world.scheduler.tick(60_000);
    await settle();
    await settle();
    expect((await world.ledger.findBuy(signature))?.source).toBe('reconciler');
  });
});
