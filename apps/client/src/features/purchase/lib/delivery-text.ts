import type { PresaleDelivery, VestingTerms } from '@fbt/domain';
import { FBT_DECIMALS, formatFixed, formatSol } from '@fbt/domain';
import { formatBps, formatDuration } from '../../../lib/format-time';
import type { Language, Translate } from '../../../lib/i18n/i18n';

/** FBT base units for display: at most 4 decimals, e.g. '20000' or '1234.5678'. */
export function fbtText(amount: bigint): string {
  return formatFixed(amount, FBT_DECIMALS, { maxFractionDigits: 4 });
}

/** Lamports as SOL for display, every significant decimal. */
export function solText(lamports: bigint): string {
  return formatSol(lamports, { maxFractionDigits: 9 });
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
  return `${when} ${t('delivery.minimumRaise', { sol: formatSol(delivery.minimumRaise) })}`;
}
