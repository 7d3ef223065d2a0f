import { describe, expect, it } from 'vitest';
import { incomingTransferRefusal, TOKEN_2022_ACCOUNT_EXTENSION } from './index';

/** A Token-2022 account's data: the 165-byte base, the account type (2), then `entries`. */
function account(...entries: { type: number; value: Uint8Array }[]): Uint8Array {
  const tlv = entries.flatMap(({ type, value }) => [
    type & 0xff,
    type >> 8,
    value.length & 0xff,
    value.length >> 8,
    ...value,
  ]);
  const data = new Uint8Array(166 + tlv.length);
  data[108] = 1;
  data[165] = 2;
  data.set(tlv, 166);
  return data;
}
const IMMUTABLE_OWNER = { type: 7, value: new Uint8Array() };
const memo = (required: boolean) => ({
  type: TOKEN_2022_ACCOUNT_EXTENSION.memoTransfer,
  value: Uint8Array.of(required ? 1 : 0),
});
const confidential = (allowPublic: boolean) => {
  const value = new Uint8Array(295);
  value[262] = allowPublic ? 1 : 0;
  return { type: TOKEN_2022_ACCOUNT_EXTENSION.confidentialTransferAccount, value };
};

describe('incomingTransferRefusal', () => {
  it('lets in an SPL Token account and a Token-2022 one without a refusing extension', () => {
    expect(incomingTransferRefusal(new Uint8Array(165))).toBeNull();
    expect(incomingTransferRefusal(account(IMMUTABLE_OWNER))).toBeNull();
    expect(incomingTransferRefusal(account(IMMUTABLE_OWNER, memo(false)))).toBeNull();
    expect(incomingTransferRefusal(account(confidential(true)))).toBeNull();
  });

  it('refuses an account requiring incoming memos, wherever its entry stands', () => {
    expect(incomingTransferRefusal(account(IMMUTABLE_OWNER, memo(true)))).toMatch(/MemoTransfer/);
    expect(incomingTransferRefusal(account(memo(true), IMMUTABLE_OWNER))).toMatch(/memo/);
  });

  it('refuses a confidential account closed to public credits, and extensions that do not decode', () => {
    expect(incomingTransferRefusal(account(confidential(false)))).toMatch(/non-confidential/);
    const cut = account(IMMUTABLE_OWNER, memo(true)).subarray(0, 172);
    cut[172 - 3] = 9; // a length running past the end
    expect(incomingTransferRefusal(cut)).toMatch(/do not decode/);
  });
});
