import type { AmountError, DialogTextCode } from '@fbt/domain';
import type { MessageKey } from '../../../lib/i18n/en';
import type { Translate } from '../../../lib/i18n/i18n';
import { transactionLineText, type TransactionLine } from '../../../lib/transaction-text';

/** The catalogue key of an amount error's code. */
export const amountErrorKey = (error: AmountError): MessageKey => `amount.${error.code}`;

/** An amount error in the site's language: its code with its params (`max`, `min`). */
export function amountErrorText(t: Translate, error: AmountError): string {
  return t(amountErrorKey(error), error.params);
}

/** The catalogue key of a dialog sentence's code. */
export const dialogTextKey = (code: DialogTextCode): MessageKey => `dialogText.${code}`;

/** A dialog line in the site's language; a verbatim detail stays as it is. */
export function dialogLineText(t: Translate, line: TransactionLine): string {
  return transactionLineText(t, line);
}
