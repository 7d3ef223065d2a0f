import { INSTANT_DELIVERY, type PresaleDelivery } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/en';
import { interpolate, type Translate } from '../../../lib/i18n/i18n';
import { it as italian } from '../../../lib/i18n/it';
import { deliveryNoteText, fbtText, solText } from './delivery-text';

const translator =
  (messages: Record<string, string>): Translate =>
  (key, values) =>
    values ? interpolate(messages[key] ?? key, values) : (messages[key] ?? key);

const delivery: PresaleDelivery = {
  ...INSTANT_DELIVERY,
  mode: 'at-completion',
  minimumRaise: 12_500_000_000_000n,
};

describe('the delivery texts', () => {
  it('write FBT and SOL grouped, in the language of the page', () => {
    expect(fbtText(20_000_000_000n, 'en')).toBe('20,000');
    expect(fbtText(20_000_000_000n, 'it')).toBe('20.000');
    expect(fbtText(1_234_567_891n, 'en')).toBe('1,234.56');
    expect(solText(12_345_000_000_001n, 'en')).toBe('12,345.000000001');
    expect(solText(1_500_000_000n, 'it')).toBe('1,5');
  });

  it("write the box note's minimum raise grouped", () => {
    expect(deliveryNoteText(translator(en), 'en', delivery)).toBe(
      'Your FBT arrive when the sale completes: all of them at once. If the sale raises less than 12,500 SOL, you get your SOL back.',
    );
    expect(deliveryNoteText(translator(italian), 'it', delivery)).toContain(
      'Se la vendita raccoglie meno di 12.500 SOL, riavrai i tuoi SOL.',
    );
  });
});
