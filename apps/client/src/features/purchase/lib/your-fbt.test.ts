import type { PresaleDelivery } from '@fbt/domain';
import { INSTANT_DELIVERY, unlockedTokensAt } from '@fbt/domain';
import { unlockedTokens } from '@fbt/presale-client';
import { describe, expect, it } from 'vitest';
import { vestingSchedule, yourFbtView, type BuyerTokens } from './your-fbt';

const DAY = 86_400;
const COMPLETED = 1_800_000_000;
const FBT = 1_000_000n;
const SOL = 1_000_000_000n;

const VESTING: PresaleDelivery = {
  ...INSTANT_DELIVERY,
  mode: 'at-completion',
  status: 'succeeded',
  minimumRaise: 40n * SOL,
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 7 * DAY, vestingSeconds: 30 * DAY },
  completedAt: COMPLETED,
};
const tokens = (delivered: bigint): BuyerTokens => ({
  paidLamports: SOL,
  bought: 20_000n * FBT,
  delivered,
});
const view = (delivery: PresaleDelivery, held: BuyerTokens | undefined, now = COMPLETED) =>
  yourFbtView({ delivery, tokens: held, nowSeconds: now, saleEnd: null, raised: 100n * SOL });

describe('the "Your FBT" view', () => {
  it('shows nothing on an instant presale, before the wallet is read, or without a purchase', () => {
    expect(view(INSTANT_DELIVERY, tokens(0n))).toEqual({ kind: 'none' });
    expect(view(VESTING, undefined)).toEqual({ kind: 'none' });
    expect(view(VESTING, { paidLamports: 0n, bought: 0n, delivered: 0n })).toEqual({
      kind: 'none',
    });
  });

  it('waits while open, sold out or closed, the schedule counted from completion', () => {
    const open = { ...VESTING, status: 'open' as const, completedAt: null };
    expect(view(open, tokens(0n))).toMatchObject({
      kind: 'waiting',
      phase: 'open',
      schedule: [
        { step: 'completion', at: null, afterSeconds: 0, unlockedBps: 2_500 },
        { step: 'cliff', at: null, afterSeconds: 7 * DAY, unlockedBps: null },
        { step: 'end', at: null, afterSeconds: 30 * DAY, unlockedBps: 10_000 },
      ],
    });
    // Closed by its window: complete, dated at the window's end (the program's completion).
    expect(
      yourFbtView({
        delivery: open,
        tokens: tokens(0n),
        nowSeconds: COMPLETED + 1,
        saleEnd: COMPLETED,
        raised: 40n * SOL,
      }),
    ).toMatchObject({
      kind: 'waiting',
      phase: 'closed',
      schedule: [{ at: COMPLETED }, { at: COMPLETED + 7 * DAY }, { at: COMPLETED + 30 * DAY }],
    });
    // Not yet at the window's end: open, and the schedule still counts from completion.
    expect(
      yourFbtView({
        delivery: open,
        tokens: tokens(0n),
        nowSeconds: COMPLETED - 1,
        saleEnd: COMPLETED,
        raised: 1n * SOL,
      }),
    ).toMatchObject({ kind: 'waiting', phase: 'open', schedule: [{ at: null }, {}, {}] });
    expect(view({ ...VESTING, status: 'sold-out' }, tokens(0n))).toMatchObject({
      kind: 'waiting',
      phase: 'sold-out',
      schedule: [{ at: COMPLETED }, { at: COMPLETED + 7 * DAY }, { at: COMPLETED + 30 * DAY }],
    });
  });

  it('at completion: the completion share delivered, nothing more to claim before the cliff', () => {
    expect(view(VESTING, tokens(5_000n * FBT), COMPLETED + DAY)).toMatchObject({
      kind: 'delivering',
      unlocked: 5_000n * FBT,
      claimable: 0n,
      vesting: true,
    });
  });

  it('after the cliff: what unlocked since is claimable, by the program’s arithmetic', () => {
    const now = COMPLETED + 15 * DAY;
    const expected = unlockedTokens(
      { ...VESTING.vesting, status: 'succeeded', completedAt: BigInt(COMPLETED) },
      20_000n * FBT,
      BigInt(now),
    );
    expect(expected).toBe(12_500n * FBT);
    expect(view(VESTING, tokens(5_000n * FBT), now)).toMatchObject({
      kind: 'delivering',
      unlocked: 12_500n * FBT,
      claimable: 7_500n * FBT,
    });
  });

  it('a share not distributed yet is claimable at once; all of it once the vesting ended', () => {
    expect(view(VESTING, tokens(0n), COMPLETED)).toMatchObject({ claimable: 5_000n * FBT });
    expect(view(VESTING, tokens(12_500n * FBT), COMPLETED + 30 * DAY)).toMatchObject({
      kind: 'delivering',
      claimable: 7_500n * FBT,
      vesting: false,
    });
  });

  it('is done once every FBT bought was delivered', () => {
    expect(view(VESTING, tokens(20_000n * FBT), COMPLETED + 31 * DAY)).toMatchObject({
      kind: 'done',
    });
  });

  it('complete below its minimum raise: waiting for the Finalize that will fail it', () => {
    const open = { ...VESTING, status: 'open' as const, completedAt: null };
    const closedBelow = (raised: bigint) =>
      yourFbtView({
        delivery: open,
        tokens: tokens(0n),
        nowSeconds: COMPLETED + 1,
        saleEnd: COMPLETED,
        raised,
      });
    expect(closedBelow(40n * SOL - 1n)).toMatchObject({ kind: 'waiting', phase: 'below-minimum' });
    expect(closedBelow(40n * SOL)).toMatchObject({ kind: 'waiting', phase: 'closed' });
    expect(
      yourFbtView({
        delivery: { ...VESTING, status: 'sold-out' },
        tokens: tokens(0n),
        nowSeconds: COMPLETED,
        saleEnd: null,
        raised: 39n * SOL,
      }),
    ).toMatchObject({ phase: 'below-minimum' });
  });

  it('offers the refund of a failed sale while the wallet’s record holds its SOL', () => {
    const failed = { ...VESTING, status: 'failed' as const };
    expect(view(failed, tokens(0n))).toEqual({
      kind: 'refund',
      tokens: tokens(0n),
      minimumRaise: 40n * SOL,
    });
    expect(view(failed, { paidLamports: 0n, bought: 0n, delivered: 0n })).toEqual({
      kind: 'none',
    });
  });

  it('has one step, everything at completion, without vesting', () => {
    expect(
      vestingSchedule({ unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 }, 5),
    ).toEqual([{ step: 'completion', at: 5, afterSeconds: 0, unlockedBps: 10_000 }]);
    expect(
      vestingSchedule(
        { unlockedAtCompletionBps: 0, cliffSeconds: 0, vestingSeconds: DAY },
        null,
      ).map((step) => step.step),
    ).toEqual(['completion', 'end']);
  });
});

describe('the vesting arithmetic on the page', () => {
  it('is the program client’s, at every boundary and in between', () => {
    const terms = [
      { unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 },
      { unlockedAtCompletionBps: 2_500, cliffSeconds: 7 * DAY, vestingSeconds: 30 * DAY },
      { unlockedAtCompletionBps: 0, cliffSeconds: 0, vestingSeconds: 1 },
      { unlockedAtCompletionBps: 3_333, cliffSeconds: 30 * DAY, vestingSeconds: 180 * DAY },
      { unlockedAtCompletionBps: 9_999, cliffSeconds: 0, vestingSeconds: 4_294_967_295 },
    ];
    const amounts = [0n, 1n, 7n, 20_000n * FBT, 2n ** 64n - 1n];
    for (const vesting of terms) {
      for (const status of ['open', 'sold-out', 'succeeded', 'failed'] as const) {
        const delivery = { ...VESTING, status, vesting };
        const moments = [
          -DAY,
          0,
          1,
          vesting.cliffSeconds - 1,
          vesting.cliffSeconds,
          vesting.cliffSeconds + 12_345,
          vesting.vestingSeconds - 1,
          vesting.vestingSeconds,
          vesting.vestingSeconds + DAY,
        ];
        for (const bought of amounts) {
          for (const after of moments) {
            const now = COMPLETED + after;
            const program = unlockedTokens(
              { ...vesting, status, completedAt: BigInt(COMPLETED) },
              bought,
              BigInt(now),
            );
            expect(unlockedTokensAt(delivery, bought, now), `${status} ${after}`).toBe(program);
          }
        }
      }
    }
  });
});
