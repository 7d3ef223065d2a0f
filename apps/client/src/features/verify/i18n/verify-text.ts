import { interpolate, useI18n } from '../../../lib/i18n/i18n';
import { enVerify } from './en-verify';
import { itVerify } from './it-verify';

/** A key of the verify page's copy. */
export type VerifyKey = keyof typeof enVerify;

/** Translates a verify key, with `{name}` values filled in. */
export type VerifyTranslate = (key: VerifyKey, values?: Record<string, string | number>) => string;

/** The verify page's copy in the page's language (English or Italian, same keys). */
export function useVerifyText(): VerifyTranslate {
  const { language } = useI18n();
  const messages: Record<VerifyKey, string> = language === 'it' ? itVerify : enVerify;
  return (key, values) => (values ? interpolate(messages[key], values) : messages[key]);
}
