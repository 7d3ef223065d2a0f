import { describe, expect, it } from 'vitest';
import {
  distributionPhase,
  distributionResponseSchema,
  streamServerMessageSchema,
  STREAM_TOPICS,
  type DistributionFacts,
} from './index';

const facts = (overrides: Partial<DistributionFacts> = {}): DistributionFacts => ({
  deliveryMode: 'at-completion',
  status: 'open',
  complete: false,
  buyers: 10n,
  buyersServed: 0n,
  buyersUnreachable: 0n,
  fullyUnlocked: true,
  ...overrides,
});

describe('distribution phase', () => {
  it.each<[string, Partial<DistributionFacts>, string]>([
    ['an instant presale, whatever its figures', { deliveryMode: 'instant' }, 'instant'],
    ['open and still selling', {}, 'selling'],
    ['open with its window ended', { complete: true }, 'awaiting-finalize'],
    ['sold out, not finalized', { status: 'sold-out', complete: true }, 'awaiting-finalize'],
    ['failed its minimum raise', { status: 'failed', complete: true }, 'failed'],
    ['succeeded, nobody served yet', { status: 'succeeded' }, 'distributing'],
    ['succeeded, 9 of 10 served', { status: 'succeeded', buyersServed: 9n }, 'distributing'],
    ['succeeded, all served', { status: 'succeeded', buyersServed: 10n }, 'done'],
    [
      'succeeded, the one left cannot take FBT',
      { status: 'succeeded', buyersServed: 9n, buyersUnreachable: 1n },
      'done',
    ],
    [
      'succeeded, all served so far, more to unlock',
      { status: 'succeeded', buyersServed: 10n, fullyUnlocked: false },
      'vesting',
    ],
    [
      'succeeded, a round under way',
      { status: 'succeeded', buyersServed: 4n, fullyUnlocked: false },
      'distributing',
    ],
    ['succeeded with no buyer at all', { status: 'succeeded', buyers: 0n }, 'done'],
  ])('%s: %s', (_name, overrides, phase) => {
    expect(distributionPhase(facts(overrides))).toBe(phase);
  });
});

describe('the distribution message', () => {
  const data = {
    variant: 'public',
    address: '11111111111111111111111111111111',
    deliveryMode: 'at-completion',
    status: 'succeeded',
    phase: 'distributing',
    completedAt: 1_780_000_000,
    buyers: 10,
    buyersServed: 4,
    buyersDelivered: 4,
    buyersUnreachable: 0,
    buyersRefunded: 0,
    raisedLamports: '100000000000',
    minimumRaiseLamports: '0',
    escrowLamports: '0',
    refundedLamports: '0',
    proceedsWithdrawnLamports: '0',
    tokensOwed: '1200000000000',
    tokensDelivered: '800000000000',
    vesting: null,
    nextRoundAt: null,
    keeperActive: true,
    fetchedAt: '2026-11-21T12:00:00.000Z',
    stale: false,
  };

  it('has a stream topic per presale and parses as a stream message', () => {
    expect(STREAM_TOPICS).toEqual(
      expect.arrayContaining([
        'distribution:public',
        'distribution:private',
        'distribution:leader',
      ]),
    );
    const message = { type: 'distribution', topic: 'distribution:public', data };
    expect(streamServerMessageSchema.parse(message)).toEqual(message);
  });

  it('refuses an unknown phase, a negative count and a fractional amount', () => {
    expect(distributionResponseSchema.safeParse({ ...data, phase: 'paused' }).success).toBe(false);
    expect(distributionResponseSchema.safeParse({ ...data, buyers: -1 }).success).toBe(false);
    expect(distributionResponseSchema.safeParse({ ...data, tokensOwed: '1.5' }).success).toBe(
      false,
    );
  });
});
