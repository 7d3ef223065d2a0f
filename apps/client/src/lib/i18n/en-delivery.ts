/**
 * English copy of how and when a presale's FBT reach the buyer: the page's copy by delivery
 * mode, the purchase box's delivery note and completed-sale cards, the "Your FBT" panel (what
 * the wallet bought, was delivered and can claim, the vesting schedule, Claim and Refund), the
 * distribution's progress and the program's refusals of Claim and Refund. Part of the English
 * catalogue (`en.ts` spreads it).
 */
export const enDelivery = {
  'delivery.copyProgram':
    'The FBT on sale are held on chain by the presale program, which enforces every limit.',
  'delivery.copyInstant': 'Every purchase delivers its FBT at once, in the same transaction.',
  'delivery.copyCompletionEnd':
    'Distribution starts automatically when 100% of the presale allocation is reached, or when the sale closes on {date}.',
  'delivery.how3Completion':
    'Send and approve in your wallet: your FBT are reserved at once and delivered when the sale completes.',

  'delivery.boxWhen': 'Your FBT arrive when the sale completes:',
  'delivery.scheduleAll': 'all of them at once.',
  'delivery.scheduleVesting': '{percent} at once, the rest unlocking evenly over {duration}.',
  'delivery.scheduleVestingCliff':
    '{percent} at once, nothing more for {cliff}, then the rest unlocking evenly until {duration} after completion.',
  'delivery.minimumRaise': 'If the sale raises less than {sol} SOL, you get your SOL back.',
  'delivery.successSummary': '{fbt} FBT for {sol} SOL, held for you until the sale completes',

  'delivery.soldOutText':
    'Every FBT in this round has been bought. Your FBT are delivered as soon as the sale is finalized.',
  'delivery.endedNext': 'Your FBT are delivered as soon as the sale is finalized.',
  'delivery.endedBelowMinimum':
    'It raised less than its minimum of {sol} SOL: once it is finalized, every buyer takes their SOL back.',
  'delivery.completeTitle': 'The presale is complete',
  'delivery.completeText': 'Buying has closed and the FBT are delivered to every buyer.',
  'delivery.failedTitle': 'The presale missed its minimum',
  'delivery.failedText':
    'It raised less than its minimum of {sol} SOL, so no FBT are distributed: every buyer takes their SOL back.',

  'yourFbt.title': 'Your FBT',
  'yourFbt.paid': 'Paid',
  'yourFbt.bought': 'Bought',
  'yourFbt.delivered': 'Delivered',
  'yourFbt.owed': 'Still to come',
  'yourFbt.claimable': 'Unlocked now',
  'yourFbt.waiting': 'Held for you until the sale completes, then delivered automatically.',
  'yourFbt.soldOut':
    'The sale is sold out: your FBT are delivered automatically once it is finalized.',
  'yourFbt.ended':
    'The sale has closed: your FBT are delivered automatically once it is finalized.',
  'yourFbt.belowMinimum':
    'The sale closed below its minimum raise: once it is finalized, you take back the {paid} SOL you paid.',
  'yourFbt.vesting':
    'Delivered automatically as they unlock. Claim what is unlocked now to have it at once.',
  'yourFbt.delivering': 'Being delivered to your wallet automatically.',
  'yourFbt.done': 'All your FBT are in your wallet.',
  'yourFbt.failed':
    'The sale raised less than its minimum of {sol} SOL, so no FBT are delivered. Take back the {paid} SOL you paid.',
  'yourFbt.schedule': 'Vesting schedule',
  'yourFbt.stepCompletion': 'Completion',
  'yourFbt.stepCliff': 'Cliff',
  'yourFbt.stepEnd': 'Fully unlocked',
  'yourFbt.whenCompletes': 'When the sale completes',
  'yourFbt.afterCompletion': '{duration} after completion',
  'yourFbt.shareUnlocked': '{percent} unlocked',
  'yourFbt.linearStarts': 'Gradual unlocking starts',
  'yourFbt.claim': 'Claim {fbt} FBT',
  'yourFbt.refund': 'Refund {sol} SOL',
  'yourFbt.claimedTitle': 'FBT claimed',
  'yourFbt.claimedSummary': '{fbt} FBT sent to your wallet',
  'yourFbt.refundedTitle': 'SOL refunded',
  'yourFbt.refundedSummary': '{sol} SOL returned to your wallet',

  'distribution.awaiting': 'Complete: delivery starts once the sale is finalized.',
  'distribution.awaitingRefund':
    'Complete below its minimum raise: refunds open once the sale is finalized.',
  'distribution.progress': 'Distributing: {done} of {total} buyers',
  'distribution.vesting': 'Vesting until {date}: FBT are delivered as they unlock.',
  'distribution.done': 'Done: every buyer has their FBT.',
  'distribution.failed': 'Minimum not reached: {done} of {total} buyers refunded',

  'programError.SaleNotComplete':
    'The presale completes only when it is sold out or its window has ended.',
  'programError.AlreadyFinalized': 'The presale is finalized: buying has closed.',
  'programError.NotFinalized':
    'The presale is not finalized yet: your FBT can be claimed once it is.',
  'programError.SaleFailed':
    'The presale missed its minimum raise: no FBT are delivered, and you can take your SOL back.',
  'programError.SaleSucceeded':
    'The presale reached its minimum raise: there is nothing to refund.',
  'programError.NothingDue': 'Nothing more is unlocked for this wallet yet.',
  'programError.SaleEndMoved':
    'The sale’s end date changed after you opened the page: review it and buy again.',
} as const;
