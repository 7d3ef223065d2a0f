import type { FactValue, VerifyFact } from '@fbt/domain';
import type { VerifyKey, VerifyTranslate as Translate } from '../i18n/verify-text';

/** The catalogue key of a fact's name (`verify.mint.supply`); `.info` follows it for its meaning. */
export function factKey(fact: VerifyFact): VerifyKey {
  return `verify.${fact.group}.${fact.check}` as VerifyKey;
}

/** A value in the page's language: its data as it is, or its word translated. */
export function factValueText(value: FactValue, t: Translate): string {
  return 'text' in value ? value.text : t(`verify.word.${value.word}` as VerifyKey);
}

/** A fact's note in the page's language, or null (the policy URL is a link, handled apart). */
export function factNoteText(fact: VerifyFact, t: Translate): string | null {
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
      return null;
  }
}

/** True when the value is a long unbroken string (an address, a hash) shown in monospace. */
export function isCode(value: FactValue): boolean {
  return (
    'text' in value && (/^[0-9A-Za-z]{32,}$/.test(value.text) || /[0-9a-f]{64}/.test(value.text))
  );
}
