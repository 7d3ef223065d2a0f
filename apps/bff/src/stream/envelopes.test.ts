import { randomAddress } from '@fbt/adapters/testing';
import { describe, expect, it } from 'vitest';
import type { GoalsResponse } from '@fbt/domain';
import { PRESALE_VARIANTS, streamServerMessageSchema } from '@fbt/domain';
import { toPresaleResponse } from '../services/presale-cache';
import { toPriceResponse } from '../services/price-cache';
import { presaleState, SOL } from '../../test/support/test-world';
import { dataEnvelope } from './envelopes';

const meta = { fetchedAt: Date.UTC(2026, 10, 21, 12, 0, 0), stale: false };

/** Parses an envelope with the domain schema and checks nothing was lost or changed. */
function roundTrip(envelope: string, dataJson: string) {
  const raw: unknown = JSON.parse(envelope);
  const parsed = streamServerMessageSchema.parse(raw);
  expect(parsed).toEqual(raw);
  // The cached JSON is spliced in as it is, not serialized again.
  expect(envelope.endsWith(`,"data":${dataJson}}`)).toBe(true);
  return parsed;
}

describe('stream envelopes', () => {
  it.each(PRESALE_VARIANTS)('the presale:%s envelope parses with the stream schema', (variant) => {
    const snapshot = {
      address: randomAddress(),
      slot: 42,
      state: presaleState({ currentTotalSold: 123n * SOL + 1n }),
      rules: {
        saleStart: 1_790_000_000,
        saleEnd: null,
        allowlistRoot: 'ab'.repeat(32),
        leaderCount: 2n,
      },
    };
    const json = JSON.stringify(toPresaleResponse(variant, snapshot, meta));
    const message = roundTrip(dataEnvelope('presale', `presale:${variant}`, json), json);
    expect(message).toMatchObject({
      type: 'presale',
      topic: `presale:${variant}`,
      data: {
        variant,
        state: { currentTotalSold: (123n * SOL + 1n).toString() },
        window: { start: 1_790_000_000, end: null },
        allowlisted: true,
      },
    });
  });

  it('the price envelope parses with the stream schema', () => {
    const json = JSON.stringify(
      toPriceResponse(
        {
          source: 'pyth',
          quote: { price: 14_237_512_345n, expo: -8, conf: 7_512_345n, publishTime: 1_790_000_000 },
        },
        { stale: true },
      ),
    );
    const message = roundTrip(dataEnvelope('price', 'price', json), json);
    expect(message).toMatchObject({
      type: 'price',
      topic: 'price',
      data: { price: '14237512345', source: 'pyth', stale: true },
    });
  });

  it('the goals envelope parses with the stream schema', () => {
    const goals: GoalsResponse = {
      telegram: {
        count: 1200,
        source: 'operator',
        stale: false,
        fetchedAt: '2026-11-21T12:00:00.000Z',
      },
      x: { count: 5300, source: 'operator', stale: true, fetchedAt: '2026-11-21T12:00:00.000Z' },
    };
    const json = JSON.stringify(goals);
    const message = roundTrip(dataEnvelope('goals', 'goals', json), json);
    expect(message).toEqual({ type: 'goals', topic: 'goals', data: goals });
  });
});

describe('leaderboard envelope', () => {
  it('parses with the stream schema, amounts as decimal strings', () => {
    const json = JSON.stringify({
      leaders: [
        {
          code: 'beast42',
          buys: 2,
          totalLamports: String(3n * SOL + 1n),
          commissionLamports: String((3n * SOL + 1n) / 10n),
        },
      ],
    });
    const message = roundTrip(dataEnvelope('leaderboard', 'leaderboard', json), json);
    expect(message).toMatchObject({ type: 'leaderboard', topic: 'leaderboard' });
  });
});
