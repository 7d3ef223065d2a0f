import type { VerifyFact } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format-time';
import { interpolate, type Language } from '../../../lib/i18n/i18n';
import { enVerify } from '../i18n/en-verify';
import { itVerify } from '../i18n/it-verify';
import type { VerifyTranslate } from '../i18n/verify-text';
import { factNoteText, factValueText } from './fact-text';

const translator =
  (language: Language): VerifyTranslate =>
  (key, values) => {
    const template = (language === 'it' ? itVerify : enVerify)[key];
    return values === undefined ? template : interpolate(template, values);
  };

const presaleFact = (check: VerifyFact['check'], note: string): VerifyFact =>
  ({
    id: `presale.private.${check}`,
    group: 'presale',
    variant: 'private',
    check,
    passed: true,
    value: { word: 'none' },
    expected: { word: 'none' },
    address: 'x',
    note,
  }) as VerifyFact;

describe('the delivery lines on the verify page', () => {
  const schedule = {
    word: 'vesting-cliff',
    params: { unlockedBps: '2500', cliffSeconds: '2592000', vestingSeconds: '15552000' },
  } as const;

  it('writes a vesting schedule’s figures in the page’s language', () => {
    expect(factValueText(schedule, translator('en'), 'en')).toBe(
      '25% at completion, nothing more for 30 days, everything after 180 days',
    );
    expect(factValueText(schedule, translator('it'), 'it')).toBe(
      '25% al completamento, nient’altro per 30 giorni, tutto dopo 180 giorni',
    );
    expect(factValueText({ word: 'at-completion' }, translator('it'), 'it')).toBe(
      'Al completamento',
    );
    expect(factValueText({ text: '50 SOL' }, translator('it'), 'it')).toBe('50 SOL');
  });

  it('writes the status, the minimum raise’s state, the vesting’s dates and the vault’s parts', () => {
    const en = translator('en');
    expect(factNoteText(presaleFact('delivery-mode', 'status=sold-out'), en, 'en')).toBe(
      'Sold out: waiting to be finalized',
    );
    expect(
      factNoteText(
        presaleFact('minimum-raise', 'state=missed;raised=10 SOL;escrow=4 SOL'),
        translator('it'),
        'it',
      ),
    ).toBe('Mancata: 10 SOL raccolti, rimborsati agli acquirenti; 4 SOL ancora in garanzia');
    const completed = '2026-01-01T00:00:00Z';
    const unlocked = '2026-06-30T00:00:00Z';
    expect(
      factNoteText(presaleFact('vesting', `completed=${completed};unlocked=${unlocked}`), en, 'en'),
    ).toBe(
      `Completed ${formatDateTime(Date.parse(completed), 'en')} · everything unlocked ${formatDateTime(Date.parse(unlocked), 'en')}`,
    );
    expect(factNoteText(presaleFact('vault', 'left=0 FBT;owed=200,000 FBT'), en, 'en')).toBe(
      '0 FBT left to sell + 200,000 FBT owed to buyers',
    );
  });
});
