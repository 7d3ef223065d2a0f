import { LEADER_REPORT_REJECTION_MESSAGES, dialogLineOf, walletFailureMessage } from '@fbt/domain';
import { PRESALE_ERRORS, type PresaleErrorName } from '@fbt/presale-client';
import { describe, expect, it } from 'vitest';
import { en } from './i18n/en';
import { interpolate, type Translate } from './i18n/i18n';
import { it as italian } from './i18n/it';
import {
  failureLine,
  leaderReportErrorKey,
  programErrorKey,
  transactionLineText,
} from './transaction-text';

const translate =
  (messages: Record<string, string>): Translate =>
  (key, values) =>
    values ? interpolate(messages[key] ?? key, values) : (messages[key] ?? key);

/** Every refusal a buyer or a leader can meet on the site (the rest are operator errors). */
const USER_FACING: PresaleErrorName[] = [
  'PresaleInactive',
  'ZeroAmount',
  'BelowMinimum',
  'ExceedsUserMaximum',
  'ExceedsTotalMaximum',
  'SoldOut',
  'ZeroTokens',
  'ArithmeticOverflow',
  'InsufficientTokens',
];
const V2 = Object.entries(PRESALE_ERRORS)
  .filter(([code]) => Number(code) >= 6033 && Number(code) <= 6045)
  .map(([, entry]) => entry.name);
/** The refusals of delivery at completion a buyer can meet: buying, Claim and Refund. */
const DELIVERY_BUYER_FACING: PresaleErrorName[] = [
  'SaleNotComplete',
  'AlreadyFinalized',
  'NotFinalized',
  'SaleFailed',
  'SaleSucceeded',
  'NothingDue',
  'SaleEndMoved',
];

describe('program errors in the site language', () => {
  it('every v2 error (6033-6045) and every buyer-facing one (delivery at completion too) has an English and an Italian text', () => {
    expect(V2).toHaveLength(13);
    for (const name of [...USER_FACING, ...V2, ...DELIVERY_BUYER_FACING]) {
      const key = programErrorKey(name);
      expect(key, name).not.toBeNull();
      expect(en[key!].length, name).toBeGreaterThan(10);
      expect(italian[key!], name).not.toBe(en[key!]);
    }
  });

  it('names only errors of the program: its codes and names come from the client’s one table', () => {
    const names = new Set<string>(Object.values(PRESALE_ERRORS).map((entry) => entry.name));
    const keyed = Object.keys(en)
      .filter((key) => key.startsWith('programError.'))
      .map((key) => key.slice('programError.'.length));
    expect(keyed.length).toBeGreaterThan(USER_FACING.length);
    expect(keyed.filter((name) => !names.has(name))).toEqual([]);
  });

  it('the buyer-facing errors that existed before read as the program says them in English', () => {
    for (const entry of Object.values(PRESALE_ERRORS).filter((e) => USER_FACING.includes(e.name))) {
      expect(en[programErrorKey(entry.name)!]).toBe(entry.message);
    }
  });

  it('a refusal is shown by name, translated; an operator-only error stays in the program’s words', () => {
    const line = failureLine({
      message: PRESALE_ERRORS[6040].message,
      programError: { name: 'NotAllowlisted' },
    });
    expect(transactionLineText(translate(en), line)).toBe(
      'This wallet is not on the private round’s list, so it cannot buy here.',
    );
    expect(transactionLineText(translate(italian), line)).toBe(
      'Questo wallet non è nella lista del round privato, quindi qui non può acquistare.',
    );
    const operatorOnly = failureLine({
      message: PRESALE_ERRORS[6009].message,
      programError: { name: 'NotSeller' },
    });
    expect(transactionLineText(translate(italian), operatorOnly)).toBe(
      PRESALE_ERRORS[6009].message,
    );
  });

  it('a sale end moved after the page read it tells the buyer to review it and buy again', () => {
    const line = failureLine({
      message: PRESALE_ERRORS[6090].message,
      programError: { name: 'SaleEndMoved' },
    });
    expect(transactionLineText(translate(en), line)).toBe(
      'The sale’s end date changed after you opened the page: review it and buy again.',
    );
    expect(transactionLineText(translate(italian), line)).toBe(
      'La data di fine della vendita è cambiata dopo che hai aperto la pagina: controllala e acquista di nuovo.',
    );
  });

  it('fixed sentences keep their codes and other messages stay verbatim', () => {
    expect(failureLine({ message: 'Please try again' })).toEqual({ code: 'DIALOG__TRY_AGAIN' });
    expect(transactionLineText(translate(italian), failureLine({ message: 'User rejected' }))).toBe(
      'User rejected',
    );
  });
});

describe('the server’s and the wallet’s words in the site language', () => {
  it('every leader-report refusal has the server’s English and an Italian text', () => {
    for (const [code, message] of Object.entries(LEADER_REPORT_REJECTION_MESSAGES)) {
      const key = leaderReportErrorKey(code);
      expect(key, code).not.toBeNull();
      expect(en[key!]).toBe(message);
      expect(italian[key!], code).not.toBe(message);
    }
  });

  it('a refusal is shown by its code; a code the site does not know keeps the server’s words', () => {
    const line = {
      text: LEADER_REPORT_REJECTION_MESSAGES.LEADER_REPORT__SELF_REFERRAL,
      leaderReportError: 'LEADER_REPORT__SELF_REFERRAL',
    };
    expect(transactionLineText(translate(italian), line)).toBe(
      'Un leader non può guadagnare commissioni sul proprio acquisto.',
    );
    expect(transactionLineText(translate(en), line)).toBe(line.text);
    const unknown = { text: 'A newer reason.', leaderReportError: 'LEADER_REPORT__NEWER' };
    expect(transactionLineText(translate(italian), unknown)).toBe('A newer reason.');
  });

  it('a wallet’s refusal, in any wallet’s words, reads in Italian', () => {
    const phantom = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const other = new Error('Transaction cancelled by user');
    for (const error of [phantom, other]) {
      const line = dialogLineOf(walletFailureMessage(error));
      expect(transactionLineText(translate(italian), line)).toBe(
        'Hai rifiutato la richiesta nel wallet.',
      );
      expect(transactionLineText(translate(en), line)).toBe('User rejected the request.');
    }
  });
});
