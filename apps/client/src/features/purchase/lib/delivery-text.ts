import type { PresaleDelivery, VestingTerms } from '@fbt/domain';
import { FBT_AMOUNT, formatAmount, SOL_AMOUNT, SOL_EXACT_AMOUNT } from '@fbt/domain';
import { formatBps, formatDuration } from '../../../lib/format-time';
import type { Language, Translate } from '../../../lib/i18n/i18n';

/** FBT base units as the site writes them, e.g. EN '20,000' or '1,234.56', IT '20.000'. */
export function fbtText(amount: bigint, language: Language): string {
  return formatAmount(amount, FBT_AMOUNT, language);
}

/**
 * Lamports a buyer paid or gets back, as SOL with every lamport (the sum the wallet signs),
 * e.g. EN '1,000.5', IT '1000,5'.
 */
export function solText(lamports: bigint, language: Language): string {
  return formatAmount(lamports, SOL_EXACT_AMOUNT, language);
}

/** A sale's minimum raise as SOL, the way the site writes a target (to 6 places). */
export function minimumRaiseText(lamports: bigint, language: Language): string {
  return formatAmount(lamports, SOL_AMOUNT, language);
}

/** How the vesting releases the FBT once the sale completes, e.g. '25% at once, the rest …'. */
export function vestingText(t: Translate, language: Language, vesting: VestingTerms): string {
  if (vesting.vestingSeconds === 0) return t('delivery.scheduleAll');
  const percent = formatBps(vesting.unlockedAtCompletionBps, language);
  const duration = formatDuration(vesting.vestingSeconds, language);
  if (vesting.cliffSeconds === 0) return t('delivery.scheduleVesting', { percent, duration });
  return t('delivery.scheduleVestingCliff', {
    percent,
    duration,
    cliff: formatDuration(vesting.cliffSeconds, language),
  });
}

/**
 * The purchase box's note on an at-completion presale: when the FBT arrive, by the vesting, and
 * the minimum raise's refund promise when there is one.
 */
export function deliveryNoteText(
  t: Translate,
  language: Language,
  delivery: PresaleDelivery,
): string {
  const when = `${t('delivery.boxWhen')} ${vestingText(t, language, delivery.vesting)}`;
  if (delivery.minimumRaise === 0n) return when;
  return `${when} ${t('delivery.minimumRaise', {
    sol: minimumRaiseText(delivery.minimumRaise, language),
  })}`;
}
