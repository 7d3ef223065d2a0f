import { describe, expect, it } from 'vitest';
import {
  buyerResponseSchema,
  ctReportBodySchema,
  deploymentSchema,
  encodeBase58,
  goalsResponseSchema,
  lamportsStringSchema,
  leaderReportRequestSchema,
  legacyGoalsResponseSchema,
  presaleStateFromJson,
  presaleStateJsonSchema,
  presaleStateToJson,
  pythPriceFeedSchema,
  STREAM_TOPICS,
  streamClientMessageSchema,
  streamServerMessageSchema,
} from './index';
import { PRESALE_STATE, TOKEN_PROGRAM, WALLET } from '../test/support/fixtures';

const signature = encodeBase58(new Uint8Array(64).fill(7));

describe('lamports strings', () => {
  it.each(['0', '1', '18446744073709551615'])('accepts %j', (value) => {
    expect(lamportsStringSchema.safeParse(value).success).toBe(true);
  });
  it.each(['', '-1', '1.5', '1e9', '18446744073709551616', ' 1', '0x1'])('refuses %j', (value) => {
    expect(lamportsStringSchema.safeParse(value).success).toBe(false);
  });
});

describe('presale state JSON', () => {
  it('round-trips through decimal strings without losing precision', () => {
    const json = presaleStateToJson({ ...PRESALE_STATE, maxTotalBuyable: 0xffff_ffff_ffff_ffffn });
    expect(json.maxTotalBuyable).toBe('18446744073709551615');
    expect(presaleStateJsonSchema.parse(json)).toEqual(json);
    expect(presaleStateFromJson(json)).toEqual({
      ...PRESALE_STATE,
      maxTotalBuyable: 0xffff_ffff_ffff_ffffn,
    });
  });
});

describe('the legacy leader report body (POST /ct)', () => {
  const body = {
    txnHASH: signature,
    wallet: WALLET,
    leaderCode: 'beast42',
    solsEarned: 1.5,
    solsClaimable: 0.15,
    timestamp: 1_700_000_000_000,
  };

  it('accepts the legacy body with numbers or decimal strings', () => {
    expect(ctReportBodySchema.safeParse(body).success).toBe(true);
    expect(
      ctReportBodySchema.safeParse({
        ...body,
        solsEarned: '1.5',
        timestamp: '2026-01-01T00:00:00Z',
      }).success,
    ).toBe(true);
  });

  it.each([
    ['a fake hash', { txnHASH: 'abc' }, 'txnHASH'],
    ['a bad wallet', { wallet: '0xdeadbeef' }, 'wallet'],
    ['a malformed code', { leaderCode: 'a b' }, 'leaderCode'],
    ['a negative amount', { solsEarned: -1 }, 'solsEarned'],
    ['an exponent string', { solsEarned: '1e3' }, 'solsEarned'],
    ['a missing timestamp', { timestamp: undefined }, 'timestamp'],
  ])('refuses %s and names the field', (_name, patch, field) => {
    const result = ctReportBodySchema.safeParse({ ...body, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('takes lamports on the v1 route', () => {
    expect(
      leaderReportRequestSchema.safeParse({
        signature,
        wallet: WALLET,
        leaderCode: 'beast42',
        lamports: '1500000000',
      }).success,
    ).toBe(true);
    expect(
      leaderReportRequestSchema.safeParse({
        signature,
        wallet: WALLET,
        leaderCode: 'beast42',
        lamports: 1.5,
      }).success,
    ).toBe(false);
  });
});

describe('goals and buyer answers', () => {
  it('keeps the legacy { u } shape and refuses negative counts', () => {
    expect(legacyGoalsResponseSchema.parse({ u: 1234 })).toEqual({ u: 1234 });
    expect(legacyGoalsResponseSchema.safeParse({ u: -1 }).success).toBe(false);
  });

  it('validates the v1 goals answer', () => {
    const count = { count: 5, source: 'operator', stale: false, fetchedAt: '2026-01-01T00:00:00Z' };
    expect(goalsResponseSchema.safeParse({ telegram: count, x: count }).success).toBe(true);
    expect(goalsResponseSchema.safeParse({ telegram: count }).success).toBe(false);
  });

  it('validates a buyer answer', () => {
    expect(
      buyerResponseSchema.safeParse({
        variant: 'public',
        wallet: WALLET,
        boughtLamports: '0',
        remainingLamports: '10000000000',
        userAtMaximum: false,
      }).success,
    ).toBe(true);
  });
});

describe('Pyth price feed', () => {
  it('reads the Hermes parsed feed', () => {
    const feed = {
      id: 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d',
      price: { price: '14237512345', conf: '7123456', expo: -8, publish_time: 1_700_000_000 },
      ema_price: { price: '14200000000', conf: '7000000', expo: -8, publish_time: 1_700_000_000 },
      metadata: { slot: 1, proof_available_time: 1_700_000_001, prev_publish_time: 1_699_999_999 },
    };
    expect(pythPriceFeedSchema.parse(feed).price.price).toBe('14237512345');
    expect(
      pythPriceFeedSchema.safeParse({ ...feed, price: { ...feed.price, price: 142.3 } }).success,
    ).toBe(false);
  });
});

describe('stream messages', () => {
  it('accepts subscriptions to known topics only', () => {
    expect(
      streamClientMessageSchema.safeParse({
        type: 'subscribe',
        topics: ['presale:public', 'goals'],
      }).success,
    ).toBe(true);
    expect(
      streamClientMessageSchema.safeParse({ type: 'subscribe', topics: ['presale:evil'] }).success,
    ).toBe(false);
    expect(streamClientMessageSchema.safeParse({ type: 'subscribe', topics: [] }).success).toBe(
      false,
    );
  });

  it('takes every topic in one subscription, and no more names than there are topics', () => {
    const every = [...STREAM_TOPICS];
    expect(streamClientMessageSchema.safeParse({ type: 'subscribe', topics: every }).success).toBe(
      true,
    );
    const tooMany = streamClientMessageSchema.safeParse({
      type: 'subscribe',
      topics: [...every, every[0]],
    });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.path).toEqual(['topics']);
  });

  it('discriminates server messages by type', () => {
    expect(streamServerMessageSchema.safeParse({ type: 'heartbeat', at: 1 }).success).toBe(true);
    expect(streamServerMessageSchema.safeParse({ type: 'heartbeat' }).success).toBe(false);
  });
});

describe('deployment file', () => {
  const deployment = {
    cluster: 'localnet',
    rpcUrl: 'http://127.0.0.1:8899',
    programId: TOKEN_PROGRAM,
    mint: WALLET,
    privateRouteName: 'private',
    presales: {
      public: { address: WALLET },
      private: { address: WALLET },
      leader: { address: WALLET },
    },
  };

  it('accepts a complete deployment, with or without a lookup table', () => {
    expect(deploymentSchema.parse(deployment).privateRouteName).toBe('private');
    expect(deploymentSchema.parse(deployment).lookupTable).toBeUndefined();
    expect(deploymentSchema.parse({ ...deployment, lookupTable: WALLET }).lookupTable).toBe(WALLET);
  });

  it.each([
    ['a reserved private route', { privateRouteName: 'presale' }],
    ['a bad program id', { programId: 'x' }],
    ['an unknown cluster', { cluster: 'mainnet' }],
    ['a missing presale', { presales: { public: { address: WALLET } } }],
    ['a lookup table that is not an address', { lookupTable: 'table' }],
  ])('refuses %s', (_name, patch) => {
    expect(deploymentSchema.safeParse({ ...deployment, ...patch }).success).toBe(false);
  });
});
