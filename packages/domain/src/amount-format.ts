import { DomainError } from './domain-error';
import { FBT_DECIMALS, formatFixed, SOL_DECIMALS } from './units';

/** The languages the site shows amounts in. */
export type AmountLanguage = 'en' | 'it';

/**
 * How a kind of amount is shown: its base units have `decimals` places; at most
 * `displayDecimals` of them are shown (all by default) and at least `minDisplayDecimals`
 * (none by default: trailing zeros go).
 */
export interface AmountUnit {
  readonly decimals: number;
  readonly displayDecimals?: number;
  readonly minDisplayDecimals?: number;
}

/** SOL from lamports, to 6 places: a millionth of a SOL is the smallest sum worth reading. */
export const SOL_AMOUNT: AmountUnit = Object.freeze({
  decimals: SOL_DECIMALS,
  displayDecimals: 6,
});
/**
 * SOL with every lamport shown: a price per token (0.00005 SOL per FBT is small) and the sum a
 * transaction pays, as the wallet signs it.
 */
export const SOL_EXACT_AMOUNT: AmountUnit = Object.freeze({ decimals: SOL_DECIMALS });
/** FBT from base units, to 2 places (a hundredth of an FBT is a two-millionth of a SOL). */
export const FBT_AMOUNT: AmountUnit = Object.freeze({ decimals: FBT_DECIMALS, displayDecimals: 2 });
/** US dollars from cents, always with both places. */
export const USD_AMOUNT: AmountUnit = Object.freeze({
  decimals: 2,
  displayDecimals: 2,
  minDisplayDecimals: 2,
});
/** A whole count (members, buys). */
export const COUNT_AMOUNT: AmountUnit = Object.freeze({ decimals: 0 });

/** The largest number of decimal places a unit may have (an SPL mint has at most 9; u64 fits 19). */
export const MAX_AMOUNT_DECIMALS = 18;

const LOCALES: Readonly<Record<AmountLanguage, string>> = { en: 'en-US', it: 'it-IT' };

interface LocaleNumbers {
  readonly whole: Intl.NumberFormat;
  readonly decimalSeparator: string;
}

const localeNumbers = new Map<AmountLanguage, LocaleNumbers>();

/** The language's grouping of whole numbers and its decimal separator, built once. */
function numbersOf(language: AmountLanguage): LocaleNumbers {
  const known = localeNumbers.get(language);
  if (known !== undefined) return known;
  const whole = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 });
  const decimalSeparator =
    new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  const numbers = { whole, decimalSeparator };
  localeNumbers.set(language, numbers);
  return numbers;
}

function checkPlaces(name: string, value: number | undefined, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new DomainError('FORMAT__INVALID_DECIMALS', { [name]: value, max });
  }
}

/**
 * An amount in base units as text for a reader, in the page's language: thousands grouped and
 * the decimal separator as the language writes them (EN `19,654.19`, IT `19.654,19`; Italian
 * leaves a four-digit whole number ungrouped, `1234,5`), at most the unit's `displayDecimals`
 * places, rounded toward zero (a balance or a maximum is never shown as more than it is), and
 * trailing zeros dropped down to `minDisplayDecimals`. Exact for any bigint: the whole part is
 * grouped as a bigint and the places are cut from the integer, never through a float. A unit
 * with a negative, fractional or too large number of places is refused
 * (`FORMAT__INVALID_DECIMALS`).
 *
 * @example
 * formatAmount(19_654_190_000n, FBT_AMOUNT, 'en'); // '19,654.19'
 * formatAmount(1_500_000_000n, SOL_AMOUNT, 'it'); // '1,5'
 */
export function formatAmount(units: bigint, unit: AmountUnit, language: AmountLanguage): string {
  checkPlaces('decimals', unit.decimals, MAX_AMOUNT_DECIMALS);
  checkPlaces('displayDecimals', unit.displayDecimals, MAX_AMOUNT_DECIMALS);
  checkPlaces('minDisplayDecimals', unit.minDisplayDecimals, MAX_AMOUNT_DECIMALS);
  const shown = Math.min(unit.displayDecimals ?? unit.decimals, unit.decimals);
  const plain = formatFixed(units < 0n ? -units : units, unit.decimals, {
    maxFractionDigits: shown,
    minFractionDigits: Math.min(unit.minDisplayDecimals ?? 0, shown),
  });
  const [whole = '0', fraction = ''] = plain.split('.');
  const numbers = numbersOf(language);
  const grouped = numbers.whole.format(BigInt(whole));
  const text = fraction === '' ? grouped : `${grouped}${numbers.decimalSeparator}${fraction}`;
  // A negative amount too small to show any of its places is shown as zero, unsigned.
  const negative = units < 0n && /[1-9]/.test(plain);
  return negative ? `-${text}` : text;
}

/**
 * An amount in base units as an editable field holds it: no grouping, a dot before the places,
 * every place of the unit (trailing zeros dropped), so it reads back to the same base units.
 *
 * @example formatAmountForInput(1_234_567_891n, SOL_AMOUNT); // '1.234567891'
 */
export function formatAmountForInput(units: bigint, unit: Pick<AmountUnit, 'decimals'>): string {
  checkPlaces('decimals', unit.decimals, MAX_AMOUNT_DECIMALS);
  return formatFixed(units, unit.decimals);
}
