import type { PresaleDelivery, PresaleSnapshot, VestingTerms } from '@fbt/domain';
import { deliveryOf, formatSol } from '@fbt/domain';
import { PRESALE_ERRORS } from '@fbt/presale-client';

/** Why a presale takes no buy now: the disabled button's label and the message under it. */
export interface SaleBlock {
  readonly label: string;
  readonly message: string;
}

const UNITS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
] as const;

/** A whole number of seconds in the largest unit that divides it exactly: '30 days', '90 minutes'. */
export function durationText(seconds: number): string {
  const [size, unit] = UNITS.find(([unitSeconds]) => seconds % unitSeconds === 0) ?? UNITS[3];
  const count = seconds / size;
  return `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
}

/** A share in basis points as a percentage: 2500 → '25%', 1250 → '12.5%'. */
function percentText(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** How the vesting releases the FBT once the sale completes. */
function vestingSentence(vesting: VestingTerms): string {
  if (vesting.vestingSeconds === 0) return 'all of them at once.';
  const cliff =
    vesting.cliffSeconds === 0
      ? ''
      : ` (nothing more before ${durationText(vesting.cliffSeconds)})`;
  return (
    `${percentText(vesting.unlockedAtCompletionBps)} at once, the rest unlocking evenly over ` +
    `${durationText(vesting.vestingSeconds)}${cliff}.`
  );
}

/**
 * When the FBT reach the buyer: in the buy's own transaction (instant), or held in the presale
 * and delivered when the sale completes, by its vesting, with the refund promise of a minimum
 * raise (at completion).
 */
export function deliverySentence(delivery: PresaleDelivery): string {
  if (delivery.mode === 'instant') return 'The FBT arrive in your wallet in the same transaction.';
  const refund =
    delivery.minimumRaise === 0n
      ? ''
      : ` If it raises less than ${formatSol(delivery.minimumRaise)} SOL, every buyer gets their SOL back.`;
  return (
    'Your FBT are held for you and delivered when the sale completes (sold out or its window ' +
    `closed): ${vestingSentence(delivery.vesting)}${refund}`
  );
}

/**
 * An at-completion sale whose status says it completed: sold out and waiting to be finalized,
 * finalized and delivering, or finalized below its minimum raise. Null while its status is open
 * (a sold-out amount or a closed window is the sale rules' to say, with {@link soldOutBlock}
 * and {@link windowEndedBlock}).
 */
export function completionBlock(snapshot: PresaleSnapshot): SaleBlock | null {
  const delivery = deliveryOf(snapshot);
  if (delivery.mode !== 'at-completion') return null;
  switch (delivery.status) {
    case 'open':
      return null;
    case 'sold-out':
      return soldOutBlock(snapshot);
    case 'succeeded':
      return {
        label: 'Sale complete',
        message:
          'The presale is complete and its FBT are being delivered to the buyers. Buyers see theirs on the presale page.',
      };
    case 'failed':
      return {
        label: 'Sale failed',
        message: `The presale missed its minimum raise of ${formatSol(delivery.minimumRaise)} SOL: buyers take their SOL back with Refund on the presale page.`,
      };
  }
}

/** What happens once an at-completion sale is finalized: delivery, or a refund below its minimum. */
function afterFinalize(delivery: PresaleDelivery): string {
  if (delivery.mode !== 'at-completion') return '';
  return (
    ' It completes when it is finalized; then buyers’ FBT are delivered' +
    (delivery.minimumRaise === 0n ? '.' : ', or, below its minimum raise, their SOL refunded.')
  );
}

/** A sold-out presale; at completion, with what happens next. */
export function soldOutBlock(snapshot: PresaleSnapshot): SaleBlock {
  return {
    label: 'Sold out',
    message: `${PRESALE_ERRORS[6023].message}${afterFinalize(deliveryOf(snapshot))}`,
  };
}

/** A presale whose window closed; at completion, with what happens next. */
export function windowEndedBlock(snapshot: PresaleSnapshot): SaleBlock {
  return {
    label: 'Presale ended',
    message: `${PRESALE_ERRORS[6042].message}${afterFinalize(deliveryOf(snapshot))}`,
  };
}
