import { randomAddress, randomSignature } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import type { TransactionVerifier } from '@fbt/domain';
import { leaderReportResponseSchema } from '@fbt/domain';
import {
  addLeaderRecord,
  buyer,
  leaderWallet,
  recordOf,
  reportBody,
  useLeaderApp,
} from './support/leader-fixture';
import { depsFor, SOL } from './support/test-world';

const session = useLeaderApp();
const body = reportBody;

describe('POST /api/v1/leader-reports', () => {
  it('records a verified leader buy with a server-computed 10% commission', async () => {
    const signature = session.addTransaction(session.leaderBuy());
    const response = await session.report(
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
    const signature = session.addTransaction(session.leaderBuy());
    const first = await session.report(body(signature));
    const second = await session.report(body(signature));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json<object>(), status: 'already-recorded' });
    expect((await session.world.ledger.getLeaderSummary('beast42'))?.buys).toBe(1);
  });

  it('refuses a replay of a recorded signature with other facts', async () => {
    const signature = session.addTransaction(session.leaderBuy());
    await session.report(body(signature));
    const response = await session.report(body(signature, { lamports: (3n * SOL).toString() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'LEADER_REPORT__AMOUNT_MISMATCH' } });
  });

  it('answers 409 with Retry-After while the transaction is not confirmed', async () => {
    const response = await session.report(body(randomSignature()));
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
    const { TEST_SETTINGS } = await import('./support/test-world');
    const late = session.leaderBuy();
    const signature = late.status === 'found' ? late.signature : '';
    const chain = depsFor(session.world).verifier;
    let reads = 0;
    const verifier: TransactionVerifier = {
      ...chain,
      observeTransaction: (sig) => {
        reads++;
        if (reads === 2) session.world.transactions.set(signature, late); // appears on the second read
        return chain.observeTransaction(sig);
      },
    };
    await session.restartApp({
      settings: { ...TEST_SETTINGS, leaderReportRetryDelaysMs: [1, 1] },
      verifier,
    });
    const response = await session.report(body(signature));
    expect(response.statusCode).toBe(201);
    expect(reads).toBe(2);
  });

  it('answers 503 CHAIN__UNAVAILABLE with Retry-After when the chain cannot be read', async () => {
    session.world.chainDown = true;
    const response = await session.report(body(randomSignature()));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toMatchObject({ error: { code: 'CHAIN__UNAVAILABLE' } });
  });

  it.each([
    [
      'a failed transaction',
      () => session.leaderBuy({ error: '{"InstructionError":[0,{"Custom":6}]}' }),
      {},
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a transaction without a presale buy',
      () => session.leaderBuy({ buys: [] }),
      {},
      'LEADER_REPORT__NOT_A_PRESALE_BUY',
    ],
    [
      'a buy on the public presale',
      () =>
        session.leaderBuy({
          buys: [
            {
              presale: session.world.deployment.presales.public.address,
              buyer,
              lamports: 2n * SOL,
            },
          ],
        }),
      {},
      'LEADER_REPORT__WRONG_PRESALE',
    ],
    [
      'another wallet',
      () => session.leaderBuy(),
      { wallet: randomAddress() },
      'LEADER_REPORT__SIGNER_MISMATCH',
    ],
    [
      'an inflated amount',
      () => session.leaderBuy(),
      { lamports: (20n * SOL).toString() },
      'LEADER_REPORT__AMOUNT_MISMATCH',
    ],
    [
      'a buy through no leader record',
      () =>
        session.leaderBuy({
          buys: [
            {
              presale: session.world.deployment.presales.leader.address,
              buyer,
              lamports: 2n * SOL,
            },
          ],
        }),
      {},
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
    [
      "another record's code",
      () => {
        addLeaderRecord(session.world, 'other1');
        return session.leaderBuy({ code: 'other1' });
      },
      {},
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
    [
      'an account that is no leader record',
      () => {
        const notARecord = randomAddress();
        return session.leaderBuy({
          buys: [
            {
              presale: session.world.deployment.presales.leader.address,
              buyer,
              lamports: 2n * SOL,
              leaderRecord: notARecord,
            },
          ],
          lamportDeltas: { [notARecord]: SOL / 5n },
        });
      },
      {},
      'LEADER_REPORT__INVALID_LEADER_RECORD',
    ],
    [
      'a record that did not receive the commission',
      () => session.leaderBuy({ lamportDeltas: {} }),
      {},
      'LEADER_REPORT__COMMISSION_NOT_PAID',
    ],
    [
      'a wrong commission',
      () => session.leaderBuy(),
      { claimedCommissionLamports: '300000000' },
      'LEADER_REPORT__COMMISSION_MISMATCH',
    ],
  ] as const)('refuses %s with 422 and a code', async (_name, tx, extra, code) => {
    const signature = session.addTransaction(tx());
    const response = await session.report(body(signature, extra));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(await session.world.ledger.findBuy(signature)).toBeNull();
  });

  it('refuses self-referral', async () => {
    const selfTx = session.leaderBuy({
      signers: [leaderWallet],
      buys: [
        {
          presale: session.world.deployment.presales.leader.address,
          buyer: leaderWallet,
          lamports: 2n * SOL,
          leaderRecord: recordOf(session.world, 'beast42').address,
        },
      ],
    });
    const signature = session.addTransaction(selfTx);
    const response = await session.report(body(signature, { wallet: leaderWallet }));
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
    const response = await session.report(payload);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('REQUEST__INVALID');
    expect(error.message).toContain(message);
  });
});
