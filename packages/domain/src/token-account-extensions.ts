import { readTokenExtensions, TOKEN_ACCOUNT_SIZE } from './verify-accounts';

/** Token-2022 account extensions that decide whether the account takes an incoming transfer. */
export const TOKEN_2022_ACCOUNT_EXTENSION = {
  confidentialTransferAccount: 5,
  memoTransfer: 8,
} as const;

/**
 * Where a ConfidentialTransferAccount keeps `allow_non_confidential_credits`: after `approved`
 * (1), the ElGamal key (32), the pending balance low and high parts (64 + 64), the available
 * balance (64), the decryptable balance (36) and `allow_confidential_credits` (1).
 */
const NON_CONFIDENTIAL_CREDITS_OFFSET = 262;

/**
 * Why a token account (its whole data, of SPL Token or Token-2022) refuses a plain transfer into
 * it made by a program, by its own extensions, or null when none does: a MemoTransfer requiring
 * incoming memos (a transfer made inside another program's instruction has no memo right before
 * it), a confidential-transfer account closed to non-confidential credits, or extensions that do
 * not decode. An SPL Token account (165 bytes) has none. Freezing and the mint's own extensions
 * are judged elsewhere; ImmutableOwner, CpiGuard (which guards only what the owner signs) and
 * the other account extensions let such a transfer in.
 */
export function incomingTransferRefusal(data: Uint8Array): string | null {
  if (data.length <= TOKEN_ACCOUNT_SIZE) return null;
  const entries = readTokenExtensions(data);
  if (entries === null) return 'an account whose Token-2022 extensions do not decode';
  for (const { type, value } of entries) {
    if (type === TOKEN_2022_ACCOUNT_EXTENSION.memoTransfer && value[0] === 1) {
      return 'requiring a memo with each incoming transfer (MemoTransfer), which a transfer made by the program cannot carry';
    }
    if (
      type === TOKEN_2022_ACCOUNT_EXTENSION.confidentialTransferAccount &&
      value.length > NON_CONFIDENTIAL_CREDITS_OFFSET &&
      value[NON_CONFIDENTIAL_CREDITS_OFFSET] === 0
    ) {
      return 'closed to non-confidential transfers (its confidential-transfer setting)';
    }
  }
  return null;
}
