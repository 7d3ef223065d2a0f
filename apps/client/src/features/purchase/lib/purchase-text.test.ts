import { checkBuyAmount, DIALOG_TEXTS, type DialogTextCode } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/en';
import { interpolate, type Translate } from '../../../lib/i18n/i18n';
import { it as italian } from '../../../lib/i18n/it';
import { amountErrorText, dialogLineText, dialogTextKey } from './purchase-text';

const translate =
  (messages: Record<string, string>): Translate =>
  (key, values) =>
    values ? interpolate(messages[key] ?? key, values) : (messages[key] ?? key);

const state = {
  isInitialized: true,
  isActived: true,
  sellerPubkey: '11111111111111111111111111111111',
  tempTokenAccountPubkey: '11111111111111111111111111111111',
  tokenPrice: 50_000n,
  maxUserBuyable: 10_000_000_000n,
  minUserBuyable: 100_000_000n,
  maxTotalBuyable: 1_000_000_000_000n,
  currentTotalSold: 0n,
};

describe('amount messages in the site language', () => {
  it.each([
    ['', 'Amount field is empty', 'Il campo importo è vuoto', 0n],
    ['11', 'Amount too high. Max 10 SOL', 'Importo troppo alto. Max 10 SOL', 0n],
    [
      '5',
      'Amount too high. Max 2.87654 SOL',
      'Importo troppo alto. Max 2.87654 SOL',
      7_123_456_789n,
    ],
    ['0.05', 'Amount too low. Min 0.1 SOL', 'Importo troppo basso. Min 0.1 SOL', 0n],
    [
      '1',
      'You already exceed buyable limit',
      'Hai già superato il limite acquistabile',
      10_000_000_000n,
    ],
    ['abc', 'Amount must be a number', 'L’importo deve essere un numero', 0n],
  ])('%j: English is the domain text, Italian is translated', (input, english, it, bought) => {
    const checked = checkBuyAmount({ input, state, boughtLamports: bought });
    if (checked.ok) throw new Error('expected an error');
    const { error } = checked;
    expect(amountErrorText(translate(en), error)).toBe(error.message);
    expect(error.message).toBe(english);
    expect(amountErrorText(translate(italian), error)).toBe(it);
  });
});

describe('dialog sentences in the site language', () => {
  it.each(Object.keys(DIALOG_TEXTS) as DialogTextCode[])(
    'the English catalogue repeats the domain text of %s, and Italian differs',
    (code) => {
      expect(en[dialogTextKey(code)]).toBe(DIALOG_TEXTS[code]);
      expect(italian[dialogTextKey(code)]).not.toBe(DIALOG_TEXTS[code]);
    },
  );

  it('translates coded lines and keeps details verbatim', () => {
    expect(dialogLineText(translate(italian), { code: 'DIALOG__CONTACT_LEADER' })).toBe(
      'Contatta il tuo Leader',
    );
    expect(dialogLineText(translate(italian), { text: 'HTTP error! status: 502' })).toBe(
      'HTTP error! status: 502',
    );
  });
});
