import {
  FBT_AMOUNT,
  FBT_DECIMALS,
  FBT_SUPPLY,
  formatAmount,
  SOL_EXACT_AMOUNT,
  TOKEN_PRICE_LAMPORTS,
} from '@fbt/domain';
import { describe, expect, it as test } from 'vitest';
import { en } from './en';
import { interpolate, readStoredLanguage } from './i18n';
import { it } from './it';

describe('message catalogues', () => {
  test('English and Italian have exactly the same keys', () => {
    expect(Object.keys(it).sort()).toEqual(Object.keys(en).sort());
  });

  test('no Italian message is empty', () => {
    const empty = Object.entries(it).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  test('both catalogues use the same placeholders for each key', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const mismatched = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => placeholders(en[key]).join() !== placeholders(it[key]).join(),
    );
    expect(mismatched).toEqual([]);
  });

  test.each([
    ['hero.title', 'No more wasting money'],
    ['features.title', 'A Team ready to impress you'],
    ['roadmap.title', 'FBT Roadmap'],
    [
      'roadmap.subtitle',
      'Navigating Our Path to Innovation: From Team Distribution to Token Launch.',
    ],
    ['wallet.disconnectTitle', 'Disconnect Wallet'],
    ['wallet.disconnectText', 'Click Button to Disconnect Wallet'],
    ['whitepaper.title', 'Choose Language'],
    ['presale.targetTitle', 'SOL Target'],
    ['presale.targetType', 'SOL Raised'],
    ['error.title', 'Unexpected Application Error!'],
  ] as const)('English %s reads the product text %j', (key, text) => {
    expect(en[key]).toBe(text);
  });
});

describe('interpolate', () => {
  test.each([
    ['{a} of {b}', { a: 1, b: 'two' }, '1 of two'],
    ['no placeholders', {}, 'no placeholders'],
    ['{missing} stays', {}, '{missing} stays'],
  ] as const)('%j with %j gives %j', (template, values, expected) => {
    expect(interpolate(template, values)).toBe(expected);
  });
});

describe('readStoredLanguage', () => {
  test.each([
    ['it', 'it'],
    ['en', 'en'],
    ['fr', 'en'],
    [null, 'en'],
  ] as const)('stored %j gives %j', (stored, expected) => {
    expect(readStoredLanguage({ getItem: () => stored })).toBe(expected);
  });

  test('a storage that throws falls back to English', () => {
    expect(
      readStoredLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('en');
  });
});

describe('amounts written in the copy', () => {
  // The copy's fixed figures read as the site's formatter writes amounts in each language.
  const price = (language: 'en' | 'it') =>
    formatAmount(TOKEN_PRICE_LAMPORTS, SOL_EXACT_AMOUNT, language);
  const supply = (language: 'en' | 'it') =>
    formatAmount(FBT_SUPPLY * 10n ** BigInt(FBT_DECIMALS), FBT_AMOUNT, language);

  test.each([
    ['en', en],
    ['it', it],
  ] as const)('%s: the presale price and the supply', (language, messages) => {
    expect(messages['hero.priceValue']).toBe(`${price(language)} SOL`);
    expect(messages['hero.supplyValue']).toBe(`${supply(language)} FBT`);
    expect(messages['presale.boxPrice']).toBe(`1 FBT = ${price(language)} SOL`);
    for (const key of ['product.point2', 'presale.copy1'] as const) {
      expect(messages[key]).toContain(` ${price(language)} SOL`);
    }
  });
});
