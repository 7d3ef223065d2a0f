/**
 * The Blink follows its presale's delivery mode: the description says when the FBT arrive
 * (in the buy, or at completion under the vesting, with the minimum raise's refund), and an
 * at-completion sale that completed (sold out awaiting Finalize, succeeded, failed) shows a
 * disabled Blink saying what happens to the buyers' FBT or SOL, over GET and POST alike.
 */
import { randomAddress } from '@fbt/adapters/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresaleDelivery, PresaleSnapshot } from '@fbt/domain';
import { INSTANT_DELIVERY, NO_VESTING_TERMS, OPEN_SALE_RULES } from '@fbt/domain';
import { buyMessage } from '../src/routes/api/actions/action-copy';
import { deliverySentence, durationText } from '../src/routes/api/actions/action-delivery';
import { presaleActionBody, saleBlock } from '../src/routes/api/actions/presale-action';
import { actionGetSchema } from './support/actions-client';
import { createTestWorld, presaleState, SOL, startApp } from './support/test-world';

const NOW = 1_800_000_000;
const DAY = 86_400;

const AT_COMPLETION: PresaleDelivery = {
  ...INSTANT_DELIVERY,
  mode: 'at-completion',
  vesting: NO_VESTING_TERMS,
};
const VESTING: PresaleDelivery = {
  ...AT_COMPLETION,
  minimumRaise: 40n * SOL,
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 7 * DAY, vestingSeconds: 30 * DAY },
};

function snapshot(delivery: PresaleDelivery, sold = 25n * SOL, rules = {}): PresaleSnapshot {
  return {
    address: randomAddress(),
    slot: 1,
    state: presaleState({ maxTotalBuyable: 100n * SOL, currentTotalSold: sold }),
    rules: { ...OPEN_SALE_RULES, ...rules },
    delivery,
  };
}

const descriptionOf = (presale: PresaleSnapshot) =>
  presaleActionBody({
    variant: 'public',
    snapshot: presale,
    nowSeconds: NOW,
    iconUrl: 'https://fbt.example/api/actions/icon.svg',
    actionPath: 'https://fbt.example/api/actions/presale/public',
  }).description;

describe('when the FBT arrive, in the description', () => {
  it('instant: in the buy’s own transaction', () => {
    expect(descriptionOf(snapshot(INSTANT_DELIVERY))).toMatch(
      / The FBT arrive in your wallet in the same transaction\.$/,
    );
  });

  it('at completion without vesting: all at completion, and nothing of an instant delivery', () => {
    const text = descriptionOf(snapshot(AT_COMPLETION));
    expect(text).toMatch(
      / Your FBT are held for you and delivered when the sale completes \(sold out or its window closed\): all of them at once\.$/,
    );
    expect(text).not.toContain('same transaction');
  });

  it('at completion with vesting and a minimum raise: the schedule and the refund', () => {
    expect(deliverySentence(VESTING)).toBe(
      'Your FBT are held for you and delivered when the sale completes (sold out or its window closed): ' +
        '25% at once, the rest unlocking evenly over 30 days (nothing more before 7 days). ' +
        'If it raises less than 40 SOL, every buyer gets their SOL back.',
    );
  });

  it('names durations in the largest exact unit', () => {
    expect([DAY, 2 * DAY, 3_600, 5_400, 90, 1].map(durationText)).toEqual([
      '1 day',
      '2 days',
      '1 hour',
      '90 minutes',
      '90 seconds',
      '1 second',
    ]);
  });

  it('the wallet’s message of an at-completion buy says the FBT come at completion', () => {
    expect(buyMessage(SOL, 50_000n, undefined, 'at-completion')).toBe(
      'Buy 20,000 FBT for 1 SOL. They are delivered when the sale completes.',
    );
    expect(buyMessage(SOL, 50_000n, 'beast42')).toBe(
      'Buy 20,000 FBT for 1 SOL with leader code beast42.',
    );
  });
});

describe('a completed at-completion sale takes no Blink buy', () => {
  it.each([
    [
      'sold out, awaiting Finalize',
      { ...VESTING, status: 'sold-out' },
      'Sold out',
      'The presale is sold out. It completes when it is finalized; then buyers’ FBT are delivered, or, below its minimum raise, their SOL refunded.',
    ],
    [
      'succeeded',
      { ...VESTING, status: 'succeeded', completedAt: NOW - DAY },
      'Sale complete',
      'The presale is complete and its FBT are being delivered to the buyers. Buyers see theirs on the presale page.',
    ],
    [
      'failed',
      { ...VESTING, status: 'failed', completedAt: NOW - DAY },
      'Sale failed',
      'The presale missed its minimum raise of 40 SOL: buyers take their SOL back with Refund on the presale page.',
    ],
  ] as const)('%s', (_name, delivery, label, message) => {
    expect(saleBlock(snapshot(delivery), NOW)).toEqual({ label, message });
  });

  it('a finalized sale says so even while paused', () => {
    const paused = snapshot({ ...VESTING, status: 'failed' });
    const blocked = saleBlock({ ...paused, state: { ...paused.state, isActived: false } }, NOW);
    expect(blocked?.label).toBe('Sale failed');
  });

  it('sold out by amount or past its window: what happens next, before Finalize', () => {
    expect(saleBlock(snapshot(AT_COMPLETION, 100n * SOL), NOW)).toEqual({
      label: 'Sold out',
      message:
        'The presale is sold out. It completes when it is finalized; then buyers’ FBT are delivered.',
    });
    expect(saleBlock(snapshot(VESTING, 25n * SOL, { saleEnd: NOW - 1 }), NOW)).toEqual({
      label: 'Presale ended',
      message:
        'The presale has ended. It completes when it is finalized; then buyers’ FBT are delivered, or, below its minimum raise, their SOL refunded.',
    });
  });

  it('an open at-completion sale takes buys', () => {
    expect(saleBlock(snapshot(VESTING), NOW)).toBeNull();
  });
});

describe('over HTTP', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('GET shows the failed sale disabled, and POST refuses it before any transaction', async () => {
    const world = createTestWorld();
    const address = world.deployment.presales.public.address;
    world.presales.set(address, {
      ...snapshot({ ...VESTING, status: 'failed', completedAt: NOW - DAY }),
      address,
    });
    app = await startApp(world);
    const get = await app.inject('/api/actions/presale/public');
    const action = actionGetSchema.parse(get.json());
    expect(action).toMatchObject({ disabled: true, label: 'Sale failed' });
    expect(action.links).toBeUndefined();
    expect(action.description).toContain('If it raises less than 40 SOL');
    const post = await app.inject({
      method: 'POST',
      url: '/api/actions/presale/public?amount=1',
      payload: { account: randomAddress() },
    });
    expect(post.statusCode).toBe(422);
    expect(post.json<{ message: string }>().message).toMatch(/^The presale missed/);
  });
});
