import type { DeliveryMode } from '@fbt/domain';
import { computeTokenAmount, FBT_DECIMALS, formatFixed, formatSol } from '@fbt/domain';

/**
 * The message a wallet shows with the Blink's transaction: FBT bought (at most 4 decimals) for
 * the SOL paid, the leader code on the leader presale, and, on an at-completion presale, that
 * the FBT come when the sale completes, e.g.
 * `Buy 20000 FBT for 1 SOL with leader code beast42.`
 */
export function buyMessage(
  lamports: bigint,
  tokenPrice: bigint,
  code: string | undefined,
  mode: DeliveryMode = 'instant',
): string {
  const tokens = formatFixed(computeTokenAmount(lamports, tokenPrice), FBT_DECIMALS, {
    maxFractionDigits: 4,
  });
  return (
    `Buy ${tokens} FBT for ${formatSol(lamports)} SOL` +
    (code === undefined ? '.' : ` with leader code ${code}.`) +
    (mode === 'at-completion' ? ' They are delivered when the sale completes.' : '')
  );
}
