import { describe, expect, it } from 'vitest';
import {
  declaredPresaleTerms,
  deploymentSchema,
  factValueEn,
  INSTANT_DELIVERY,
  noteFields,
  tokensLeftToSell,
  tokensVaultMustHold,
  verifyDeployment,
  type DeclaredPresaleTerms,
  type ObservedDelivery,
  type ObservedPresaleState,
  type VerifyExpectations,
} from './index';
import { expected, observation, presale, state } from '../test/support/verify-fixtures';

const DAY = 86_400;
const SOL = 1_000_000_000n;
const FBT = 1_000_000n;
/** 2026-01-01T00:00:00Z. */
const COMPLETED = 1_767_225_600;

/** An at-completion sale's state: 10 SOL of 100 sold (200,000 FBT owed), open, no vesting. */
function completionState(
  delivery: Partial<ObservedDelivery> = {},
  changes: Partial<ObservedPresaleState> = {},
): ObservedPresaleState {
  return state({
    saleEnd: 1_800_000_000n,
    ...changes,
    delivery: {
      ...INSTANT_DELIVERY,
      escrowLamports: 0n,
      mode: 'at-completion',
      tokensOwed: 200_000n * FBT,
      ...delivery,
    },
  });
}

/** The report's failed ids for a presale in `saleState` whose vault holds `vaultAmount`. */
function failedWith(
  saleState: ObservedPresaleState,
  vaultAmount: bigint,
  expectations: VerifyExpectations = expected,
) {
  const sound = presale();
  const value = observation({
    presales: [presale({ state: saleState, vault: { ...sound.vault!, amount: vaultAmount } })],
  });
  return verifyDeployment(value, expectations)
    .facts.filter((fact) => !fact.passed)
    .map((fact) => fact.id);
}

function factOf(saleState: ObservedPresaleState, check: string, vaultAmount = 10n ** 15n) {
  const sound = presale();
  const value = observation({
    presales: [presale({ state: saleState, vault: { ...sound.vault!, amount: vaultAmount } })],
  });
  const found = verifyDeployment(value, expected).facts.find(
    (fact) => fact.id === `presale.public.${check}`,
  );
  if (found === undefined) throw new Error(`no fact ${check}`);
  return found;
}

const withTerms = (terms: DeclaredPresaleTerms | null): VerifyExpectations => ({
  ...expected,
  presaleTerms: { public: terms },
});

describe('the vault of a sale at completion', () => {
  it('must hold what is left to sell plus what is owed while it sells: exactly passes, one short fails', () => {
    const open = completionState();
    const need = tokensVaultMustHold(open);
    expect(need).toEqual({
      left: 1_800_000n * FBT,
      owed: 200_000n * FBT,
      total: 2_000_000n * FBT,
    });
    expect(failedWith(open, need.total)).toEqual([]);
    // one unit short: still more than what is left to sell, which alone used to pass
    expect(need.total - 1n).toBeGreaterThan(tokensLeftToSell(open));
    expect(failedWith(open, need.total - 1n)).toEqual(['presale.public.vault']);
    const vault = factOf(open, 'vault', need.total - 1n);
    expect(factValueEn(vault.expected)).toBe('≥ 2,000,000 FBT');
    expect(noteFields(vault.note ?? '')).toEqual({ left: '1,800,000 FBT', owed: '200,000 FBT' });
  });

  it('once sold out, needs only what is owed (nothing more can be sold)', () => {
    const soldOut = completionState(
      { status: 'sold-out', completedAt: COMPLETED, tokensOwed: 1_999_000n * FBT },
      { currentTotalSold: 99_950_000_000n },
    );
    expect(tokensLeftToSell(soldOut)).toBe(1_000n * FBT);
    expect(tokensVaultMustHold(soldOut).total).toBe(1_999_000n * FBT);
    expect(failedWith(soldOut, 1_999_000n * FBT)).toEqual([]);
    expect(failedWith(soldOut, 1_999_000n * FBT - 1n)).toEqual(['presale.public.vault']);
  });

  it('after a successful Finalize, needs what is still owed: unsold FBT may leave, delivered ones are off', () => {
    const finalized = completionState({
      status: 'succeeded',
      completedAt: COMPLETED,
      tokensOwed: 150_000n * FBT,
      tokensDelivered: 50_000n * FBT,
    });
    expect(tokensVaultMustHold(finalized)).toEqual({
      left: 0n,
      owed: 150_000n * FBT,
      total: 150_000n * FBT,
    });
    expect(failedWith(finalized, 150_000n * FBT)).toEqual([]);
    expect(failedWith(finalized, 150_000n * FBT - 1n)).toEqual(['presale.public.vault']);
    const delivered = completionState({
      status: 'succeeded',
      completedAt: COMPLETED,
      tokensOwed: 0n,
      tokensDelivered: 200_000n * FBT,
    });
    expect(failedWith(delivered, 0n)).toEqual([]);
  });

  it('after a failed Finalize, needs nothing (what was owed is zeroed; buyers get their SOL)', () => {
    const failed = completionState({ status: 'failed', completedAt: COMPLETED, tokensOwed: 0n });
    expect(tokensVaultMustHold(failed).total).toBe(0n);
    expect(failedWith(failed, 0n)).toEqual([]);
  });

  it('of an instant sale: what is left to sell, with nothing owed and no breakdown', () => {
    const instant = state();
    expect(tokensVaultMustHold(instant)).toEqual({
      left: tokensLeftToSell(instant),
      owed: 0n,
      total: tokensLeftToSell(instant),
    });
    expect(factOf(instant, 'vault').note).toBeUndefined();
  });
});

describe('the delivery terms', () => {
  it('of an instant sale: instant, no minimum raise, no vesting, no notes', () => {
    const instant = state();
    expect(factOf(instant, 'delivery-mode')).toMatchObject({
      passed: true,
      value: { word: 'instant' },
    });
    expect(factOf(instant, 'delivery-mode').note).toBeUndefined();
    expect(factOf(instant, 'minimum-raise').value).toEqual({ word: 'none' });
    expect(factOf(instant, 'vesting').value).toEqual({ word: 'none' });
    expect(factOf(instant, 'vesting').note).toBeUndefined();
  });

  it('of a sale at completion: the mode with its status, everything unlocked at completion', () => {
    expect(factOf(completionState(), 'delivery-mode')).toMatchObject({
      passed: true,
      value: { word: 'at-completion' },
      note: 'status=open',
    });
    expect(factOf(completionState({ status: 'sold-out' }), 'delivery-mode').note).toBe(
      'status=sold-out',
    );
    const vesting = factOf(completionState(), 'vesting');
    expect(vesting.value).toEqual({ word: 'all-at-completion' });
    expect(vesting.note).toBeUndefined();
    const completed = factOf(completionState({ completedAt: COMPLETED }), 'vesting');
    expect(completed.note).toBe('completed=2026-01-01T00:00:00Z');
  });

  it('shows a vesting schedule, and its dates once the sale completed', () => {
    const vesting = {
      unlockedAtCompletionBps: 2_500,
      cliffSeconds: 30 * DAY,
      vestingSeconds: 180 * DAY,
    };
    const open = factOf(completionState({ vesting }), 'vesting');
    expect(open.value).toEqual({
      word: 'vesting-cliff',
      params: { unlockedBps: '2500', vestingSeconds: '15552000', cliffSeconds: '2592000' },
    });
    expect(factValueEn(open.value)).toBe(
      '25% at completion, nothing more for 30 days, everything after 180 days',
    );
    expect(open.note).toBeUndefined();
    const done = factOf(
      completionState({ vesting, completedAt: COMPLETED, status: 'succeeded' }),
      'vesting',
    );
    expect(noteFields(done.note ?? '')).toEqual({
      completed: '2026-01-01T00:00:00Z',
      cliff: '2026-01-31T00:00:00Z',
      unlocked: '2026-06-30T00:00:00Z',
    });
    const linear = { unlockedAtCompletionBps: 1_250, cliffSeconds: 0, vestingSeconds: 36 * 3_600 };
    const noCliff = factOf(completionState({ vesting: linear, completedAt: COMPLETED }), 'vesting');
    expect(factValueEn(noCliff.value)).toBe('12.5% at completion, the rest evenly over 36 hours');
    expect(noteFields(noCliff.note ?? '')).toEqual({
      completed: '2026-01-01T00:00:00Z',
      unlocked: '2026-01-02T12:00:00Z',
    });
  });

  it('shows a minimum raise with the SOL raised and held in escrow, then whether it was met', () => {
    const raising = completionState(
      { minimumRaise: 50n * SOL, escrowLamports: 10n * SOL },
      { currentTotalSold: 10n * SOL },
    );
    const line = factOf(raising, 'minimum-raise');
    expect(line).toMatchObject({ passed: true, value: { text: '50 SOL' } });
    expect(noteFields(line.note ?? '')).toEqual({
      state: 'raising',
      raised: '10 SOL',
      escrow: '10 SOL',
    });
    const met = completionState(
      {
        minimumRaise: 50n * SOL,
        status: 'succeeded',
        completedAt: COMPLETED,
        escrowLamports: 60n * SOL,
      },
      { currentTotalSold: 60n * SOL },
    );
    expect(noteFields(factOf(met, 'minimum-raise').note ?? '').state).toBe('met');
  });

  it('reports a missed minimum as the sale’s outcome, not a broken term: buyers are refunded', () => {
    const missed = completionState(
      {
        minimumRaise: 50n * SOL,
        status: 'failed',
        completedAt: COMPLETED,
        tokensOwed: 0n,
        escrowLamports: 4n * SOL,
      },
      { currentTotalSold: 10n * SOL },
    );
    expect(failedWith(missed, 0n)).toEqual([]);
    expect(noteFields(factOf(missed, 'minimum-raise').note ?? '')).toEqual({
      state: 'missed',
      raised: '10 SOL',
      escrow: '4 SOL',
    });
  });
});

describe('the delivery terms against the declared ones', () => {
  const vesting = {
    unlockedAtCompletionBps: 2_500,
    cliffSeconds: 30 * DAY,
    vestingSeconds: 180 * DAY,
  };
  const chain = completionState({ minimumRaise: 50n * SOL, vesting });
  const enough = 10n ** 15n;
  const declared: DeclaredPresaleTerms = {
    mode: 'at-completion',
    minimumRaise: 50n * SOL,
    vesting,
  };

  it('pass when the team declares none, or declares the chain’s terms', () => {
    expect(failedWith(chain, enough, withTerms(null))).toEqual([]);
    expect(failedWith(chain, enough, withTerms(declared))).toEqual([]);
  });

  it('fail exactly the term that differs, expecting the declared one', () => {
    expect(failedWith(chain, enough, withTerms({ ...declared, mode: 'instant' }))).toEqual([
      'presale.public.delivery-mode',
    ]);
    expect(failedWith(chain, enough, withTerms({ ...declared, minimumRaise: 0n }))).toEqual([
      'presale.public.minimum-raise',
    ]);
    expect(
      failedWith(chain, enough, withTerms({ ...declared, minimumRaise: 50n * SOL + 1n })),
    ).toEqual(['presale.public.minimum-raise']);
    const allAtOnce = { unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 };
    expect(failedWith(chain, enough, withTerms({ ...declared, vesting: allAtOnce }))).toEqual([
      'presale.public.vesting',
    ]);
    expect(
      failedWith(
        chain,
        enough,
        withTerms({ ...declared, vesting: { ...vesting, cliffSeconds: 0 } }),
      ),
    ).toEqual(['presale.public.vesting']);
    const value = observation({
      presales: [presale({ state: chain, vault: { ...presale().vault!, amount: enough } })],
    });
    const report = verifyDeployment(value, withTerms({ ...declared, vesting: allAtOnce }));
    const line = report.facts.find((fact) => fact.id === 'presale.public.vesting');
    expect(line?.expected).toEqual({ word: 'all-at-completion' });
    const mode = verifyDeployment(value, withTerms({ ...declared, mode: 'instant' })).facts.find(
      (fact) => fact.id === 'presale.public.delivery-mode',
    );
    expect(mode?.expected).toEqual({ word: 'instant' });
  });

  it('expect the declared schedule of an instant sale declared to vest', () => {
    const instant = state();
    const value = observation({ presales: [presale({ state: instant })] });
    const report = verifyDeployment(value, withTerms(declared));
    const line = report.facts.find((fact) => fact.id === 'presale.public.vesting');
    expect(line).toMatchObject({ passed: false, value: { word: 'none' } });
    expect(factValueEn(line!.expected)).toBe(
      '25% at completion, nothing more for 30 days, everything after 180 days',
    );
  });

  it('read from the deployment file’s terms, absent fields meaning none', () => {
    expect(declaredPresaleTerms({ delivery: 'instant' })).toEqual({
      mode: 'instant',
      minimumRaise: 0n,
      vesting: { unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 },
    });
    expect(
      declaredPresaleTerms({
        delivery: 'at-completion',
        minimumRaiseLamports: '50000000000',
        unlockedAtCompletionBps: 2_500,
        cliffSeconds: 30 * DAY,
        vestingSeconds: 180 * DAY,
      }),
    ).toEqual(declared);
    const file = {
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      programId: '11111111111111111111111111111111',
      mint: '11111111111111111111111111111111',
      privateRouteName: 'private',
      presales: {
        public: { address: '11111111111111111111111111111111', terms: { delivery: 'instant' } },
        private: { address: '11111111111111111111111111111111' },
        leader: { address: '11111111111111111111111111111111' },
      },
    };
    expect(deploymentSchema.safeParse(file).success).toBe(true);
    const withPublic = (terms: object) => ({
      ...file,
      presales: { ...file.presales, public: { address: file.presales.public.address, terms } },
    });
    expect(
      deploymentSchema.safeParse(
        withPublic({ delivery: 'at-completion', unlockedAtCompletionBps: 10_001 }),
      ).success,
    ).toBe(false);
    expect(deploymentSchema.safeParse(withPublic({ delivery: 'later' })).success).toBe(false);
    const refusal = (terms: object) =>
      deploymentSchema.safeParse(withPublic(terms)).error?.issues[0]?.message;
    expect(refusal({ delivery: 'instant', minimumRaiseLamports: '1' })).toBe(
      'an instant presale has no minimum raise and no vesting',
    );
    expect(refusal({ delivery: 'instant', minimumRaiseLamports: '000' })).toBeUndefined();
    expect(refusal({ delivery: 'instant', vestingSeconds: 60 })).toBe(
      'an instant presale has no minimum raise and no vesting',
    );
    expect(refusal({ delivery: 'at-completion', unlockedAtCompletionBps: 2_500 })).toBe(
      'a vesting duration is needed exactly when less than 10000 bps unlock at completion',
    );
    expect(refusal({ delivery: 'at-completion', vestingSeconds: 60 })).toBe(
      'a vesting duration is needed exactly when less than 10000 bps unlock at completion',
    );
    expect(
      refusal({
        delivery: 'at-completion',
        unlockedAtCompletionBps: 0,
        cliffSeconds: 61,
        vestingSeconds: 60,
      }),
    ).toBe('the cliff must not be longer than the vesting duration');
    expect(
      refusal({
        delivery: 'at-completion',
        unlockedAtCompletionBps: 0,
        cliffSeconds: 60,
        vestingSeconds: 60,
      }),
    ).toBeUndefined();
    expect(deploymentSchema.safeParse(withPublic({ delivery: 'instant', vest: 1 })).success).toBe(
      false,
    );
  });
});
