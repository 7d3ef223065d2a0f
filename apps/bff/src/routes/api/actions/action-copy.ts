import type { DeliveryMode } from '@fbt/domain';
import { computeTokenAmount, FBT_AMOUNT, formatAmount, SOL_EXACT_AMOUNT } from '@fbt/domain';

/**
 * The message a wallet shows with the Blink's transaction, its amounts written as the site writes
 * them in English (`formatAmount`): FBT bought for the SOL paid (every lamport), the leader code
 * on the leader presale, and, on an at-completion presale, that the FBT come when the sale
 * completes, e.g. `Buy 20,000 FBT for 1 SOL with leader code beast42.`
 */
export function buyMessage(
  lamports: bigint,
  tokenPrice: bigint,
  code: string | undefined,
  mode: DeliveryMode = 'instant',
): string {
  const tokens = formatAmount(computeTokenAmount(lamports, tokenPrice), FBT_AMOUNT, 'en');
  return (
    `Buy ${tokens} FBT for ${formatAmount(lamports, SOL_EXACT_AMOUNT, 'en')} SOL` +
    (code === undefined ? '.' : ` with leader code ${code}.`) +
    (mode === 'at-completion' ? ' They are delivered when the sale completes.' : '')
  );
}
