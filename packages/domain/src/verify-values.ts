import type { FactValue, FactWord } from './verify-facts';

/** A value shown as it is (an amount, an address, a hash). */
export const factText = (value: string): FactValue => ({ text: value });
/** A value that is a word, translated where it is shown. */
export const factWord = (value: FactWord): FactValue => ({ word: value });

/** Groups thousands with commas: `100000000.5` → `100,000,000.5`. */
export function groupThousands(digits: string): string {
  const [whole = '', fraction] = digits.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}
