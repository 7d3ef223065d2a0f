// The delivery terms of the seeded presales at completion, and how the deployment file declares
// them.
import type { DeclaredTermsJson } from '@fbt/domain';
import type { DeliveryTerms } from '@fbt/presale-client';

/** How the seeded presales deliver their FBT (`instant`, or at completion with the terms below). */
export type SeedDelivery = 'instant' | 'at-completion';

/** Seconds in a day, for the seeded window and vesting. */
export const DAY_SECONDS = 86_400;
/** How long the seeded presales at completion sell: their window ends this many days after. */
export const SEED_SALE_DAYS = 365;

/**
 * The terms of the seeded presales at completion. Each sells for a year ({@link SEED_SALE_DAYS}:
 * the program needs an end to the window of a sale at completion) and completes when it sells
 * out, the moment "distribution starts automatically when 100% of the presale allocation is
 * reached" describes, or at the year's end; none has a minimum raise, so each succeeds either
 * way. The public and leader sales unlock everything at completion; the
 * private round vests, as private rounds usually do: 25% at completion, nothing more for 30
 * days, then linearly until 180 days.
 */
export const SEED_DELIVERY_TERMS: Readonly<Record<'public' | 'private' | 'leader', DeliveryTerms>> =
  {
    public: { mode: 'at-completion' },
    private: {
      mode: 'at-completion',
      vesting: {
        unlockedAtCompletionBps: 2_500,
        cliffSeconds: 30 * DAY_SECONDS,
        vestingSeconds: 180 * DAY_SECONDS,
      },
    },
    leader: { mode: 'at-completion' },
  };

/**
 * Delivery terms as the deployment file declares them, for the verify page to hold the chain's
 * terms to: what the seeding gave Initialize, so a seeded sale passes exactly when it is what it
 * was made to be.
 */
export function declaredTermsOf(terms: DeliveryTerms): DeclaredTermsJson {
  return {
    delivery: terms.mode,
    ...(terms.minimumRaise === undefined || terms.minimumRaise === 0n
      ? {}
      : { minimumRaiseLamports: terms.minimumRaise.toString() }),
    ...(terms.vesting === undefined ? {} : terms.vesting),
  };
}
