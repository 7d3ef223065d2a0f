import { randomSignature } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import { buyer, useLeaderApp } from './support/leader-fixture';

const session = useLeaderApp();

describe("POST /ct (the legacy report's body, SOL amounts)", () => {
  const ct = (payload: object) => session.app.inject({ method: 'POST', url: '/ct', payload });

  it('converts SOL strings and numbers to lamports exactly and records', async () => {
    const signature = session.addTransaction(session.leaderBuy({ lamports: 300_000_001n }));
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
    const signature = session.addTransaction(session.leaderBuy({ lamports: 1_500_000_000n }));
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
