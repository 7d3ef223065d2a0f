import { noteFields, type FactParams, type FactValue, type VerifyFact } from '@fbt/domain';
import { formatBps, formatDateTime, formatDuration } from '../../../lib/format-time';
import type { Language } from '../../../lib/i18n/i18n';
import type { VerifyKey, VerifyTranslate as Translate } from '../i18n/verify-text';

/** The catalogue key of a fact's name (`verify.mint.supply`); `.info` follows it for its meaning. */
export function factKey(fact: VerifyFact): VerifyKey {
  return `verify.${fact.group}.${fact.check}` as VerifyKey;
}

/** A word's figures in the page's language by their names: `…Bps` a share, `…Seconds` a duration. */
export function factParamsText(params: FactParams, language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, raw]) => [
      name,
      name.endsWith('Bps')
        ? formatBps(Number(raw), language)
        : name.endsWith('Seconds')
          ? formatDuration(Number(raw), language)
          : raw,
    ]),
  );
}

/** A value in the page's language: its data as it is, or its word translated with its figures. */
export function factValueText(value: FactValue, t: Translate, language: Language): string {
  if ('text' in value) return value.text;
  const key = `verify.word.${value.word}` as VerifyKey;
  return value.params === undefined ? t(key) : t(key, factParamsText(value.params, language));
}

/** The vesting's dates (completion, the cliff's end, full unlock) in the page's language. */
function vestingDatesText(note: string, t: Translate, language: Language): string {
  const fields = noteFields(note);
  const date = (iso: string) => formatDateTime(Date.parse(iso), language);
  const parts: string[] = [];
  if (fields.completed !== undefined) {
    parts.push(t('verify.note.completed', { date: date(fields.completed) }));
  }
  if (fields.cliff !== undefined) parts.push(t('verify.note.cliff', { date: date(fields.cliff) }));
  if (fields.unlocked !== undefined) {
    parts.push(t('verify.note.unlocked', { date: date(fields.unlocked) }));
  }
  return parts.join(' · ');
}

/** The delivery lines' notes: the sale's status, the minimum raise's state, the vesting's dates. */
function deliveryNoteText(
  fact: VerifyFact,
  note: string,
  t: Translate,
  language: Language,
): string | null {
  const fields = noteFields(note);
  switch (fact.check) {
    case 'delivery-mode':
      return t(`verify.note.status.${fields.status ?? 'open'}` as VerifyKey);
    case 'minimum-raise':
      return t(`verify.note.raise.${fields.state ?? 'raising'}` as VerifyKey, {
        raised: fields.raised ?? '',
        escrow: fields.escrow ?? '',
      });
    case 'vesting':
      return vestingDatesText(note, t, language);
    case 'vault':
      return t('verify.note.vault', { left: fields.left ?? '', owed: fields.owed ?? '' });
    default:
      return null;
  }
}

/** A fact's note in the page's language, or null (the policy URL is a link, handled apart). */
export function factNoteText(fact: VerifyFact, t: Translate, language: Language): string | null {
  const { note } = fact;
  if (note === undefined) return null;
  switch (fact.check) {
    case 'build-hash':
      return t('verify.note.build', { build: note });
    case 'upgrade-authority':
      return t('verify.note.multisig', { name: note });
    case 'extensions':
      return t('verify.note.tokenProgram', { program: note });
    case 'allowlist':
      return t('verify.note.wallets', { count: note });
    case 'seller': {
      const [kind, ...rest] = note.split(':');
      const detail = rest.join(':');
      if (kind === 'wallet') return t('verify.note.wallet');
      if (kind === 'multisig') return t('verify.note.multisig', { name: detail });
      if (kind === 'program') return t('verify.note.program', { owner: detail });
      return t('verify.note.pending', { address: detail });
    }
    default:
      return deliveryNoteText(fact, note, t, language);
  }
}

/** True when the value is a long unbroken string (an address, a hash) shown in monospace. */
export function isCode(value: FactValue): boolean {
  return (
    'text' in value && (/^[0-9A-Za-z]{32,}$/.test(value.text) || /[0-9a-f]{64}/.test(value.text))
  );
}
