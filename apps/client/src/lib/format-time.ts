import { wholeDuration } from '@fbt/domain';
import type { Language } from './i18n/i18n';

const locale = (language: Language): string => (language === 'it' ? 'it-IT' : 'en-GB');

/** A moment in the visitor's language and time zone, e.g. '12 Jun 2026, 18:00'. */
export function formatDateTime(ms: number, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

/**
 * A whole number of seconds in words, in the largest unit that divides it exactly (the domain's
 * `wholeDuration`): '30 days', '90 minutes'; in Italian '30 giorni'.
 */
export function formatDuration(seconds: number, language: Language): string {
  const { count, unit } = wholeDuration(seconds);
  return new Intl.NumberFormat(locale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(count);
}

/** A share in basis points as a percentage: 2500 → '25%', 1250 → '12.5%'. */
export function formatBps(bps: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(bps / 10_000);
}
