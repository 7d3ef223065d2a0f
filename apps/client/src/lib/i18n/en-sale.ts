/**
 * English copy of the sale's on-chain rules (window, private round list, leader records), the
 * leader earnings page, the share area of leader links and the program's refusals. Part of the
 * English catalogue (`en.ts` spreads it); kept apart so neither file grows past one screenful
 * of concerns.
 */
export const enSale = {
  'sale.opensIn': 'The sale opens in',
  'sale.days': 'days',
  'sale.hours': 'hours',
  'sale.minutes': 'min',
  'sale.seconds': 'sec',
  'sale.opensAt': 'Opens {date}',
  'sale.closesAt': 'Open until {date}',
  'sale.endedTitle': 'The presale has ended',
  'sale.endedText': 'Buying closed on {date}. Thank you, beasts!',

  'allowlist.only': 'The private round is open to listed wallets only.',
  'allowlist.checking': 'Checking this wallet on the private round’s list…',
  'allowlist.listed': 'This wallet is on the private round’s list.',
  'allowlist.notListed':
    'This wallet is not on the private round’s list, so it cannot buy here. Connect a listed wallet, or buy on the public presale.',
  'allowlist.unavailable':
    'The private round’s list could not be checked right now. Trying again in a moment…',

  'purchase.leaderPays':
    'Buying with leader code {code}: the presale program pays 10% of your SOL to its leader.',
  'purchase.leaderSuspended':
    'The leader code "{code}" is suspended, so this purchase will not earn its leader a commission.',
  'purchase.leaderNoRecord':
    'The leader code "{code}" could not be confirmed on chain, so this purchase will not pay its leader a commission.',
  'purchase.leaderConfirmSuspended':
    'The leader code "{code}" is suspended: its leader earns nothing on this purchase. The purchase itself is not affected.',
  'purchase.leaderConfirmNoRecord':
    'The leader code "{code}" could not be confirmed on chain, so the program will not pay its leader on this purchase. The purchase itself is not affected.',
  'presale.earningsLink': 'Are you a leader? See your earnings',

  'earnings.eyebrow': 'Leader round',
  'earnings.title': 'Leader earnings',
  'earnings.intro':
    'Every buy made with your leader code pays 10% of its SOL into the code’s on-chain record. Claim it to your wallet whenever you like.',
  'earnings.connectTitle': 'Connect your leader wallet',
  'earnings.connectText':
    'Connect the wallet your leader codes pay to see what they earned and claim it.',
  'earnings.loading': 'Reading your leader codes…',
  'earnings.error': 'Your leader codes could not be read right now.',
  'earnings.retry': 'Try again',
  'earnings.emptyTitle': 'No leader code pays this wallet',
  'earnings.emptyText':
    'Leader codes are registered by the FBT team for a wallet of their leader. Connect the wallet your code pays, or get in touch if you lead a community.',
  'earnings.codeLabel': 'Leader code',
  'earnings.active': 'Active',
  'earnings.suspended': 'Suspended',
  'earnings.suspendedNote':
    'This code is suspended: new buys with it earn no commission. What it earned stays yours to claim.',
  'earnings.volume': 'Volume',
  'earnings.buys': 'Buys',
  'earnings.earned': 'Earned',
  'earnings.claimed': 'Claimed',
  'earnings.claimable': 'Ready to claim',
  'earnings.claim': 'Claim {sol} SOL',
  'earnings.nothingToClaim': 'Nothing to claim yet',
  'earnings.linkLabel': 'Your leader link',
  'earnings.showQr': 'QR code',
  'earnings.qrTitle': 'Leader link for {code}',
  'earnings.qrText': 'Scan it to open the leader page with your code.',
  'earnings.qrAlt': 'QR code of the leader link for {code}',
  'earnings.qrError': 'The QR code could not be drawn. Share the link instead.',
  'earnings.claimedTitle': 'Commission claimed',
  'earnings.claimedSummary': '{sol} SOL sent to your wallet',

  'share.title': 'Share this page',
  'share.pageLink': 'Page link',
  'share.blinkLabel': 'Blink link',
  'share.blinkHint':
    'Buy buttons right in a post on X, for wallets that show Blinks; elsewhere it opens the leader page.',
  'share.copy': 'Copy link',
  'share.copied': 'Link copied',
  'share.copyFailed': 'Copying is not allowed here: select the link and copy it.',

  'programError.PresaleInactive': 'The presale is not active.',
  'programError.ZeroAmount': 'The amount must be greater than zero.',
  'programError.BelowMinimum': 'The amount is below the minimum purchase.',
  'programError.ExceedsUserMaximum': 'The amount exceeds your remaining purchase limit.',
  'programError.ExceedsTotalMaximum': 'The amount exceeds what is left in the presale.',
  'programError.SoldOut': 'The presale is sold out.',
  'programError.ZeroTokens': 'The amount is too small to buy any FBT.',
  'programError.ArithmeticOverflow': 'The amount is too large.',
  'programError.InsufficientTokens': 'The presale vault has too few tokens left.',
  'programError.InvalidLeaderCode':
    'This leader code is not valid: it must be 3 to 32 letters, digits, _ or -.',
  'programError.InvalidLeaderRecord': 'This leader code has no record on the presale.',
  'programError.LeaderExists': 'This leader code is already registered.',
  'programError.LeaderInactive':
    'This leader code has been suspended, so buys can no longer be made with it. Reload the page to buy without it.',
  'programError.SelfReferral':
    'A leader cannot buy through their own code. Buy on the public presale page with this wallet.',
  'programError.NotLeader':
    'Only the wallet this leader code pays can claim its commission. Connect that wallet.',
  'programError.NothingToClaim': 'There is no commission to claim yet.',
  'programError.NotAllowlisted':
    'This wallet is not on the private round’s list, so it cannot buy here.',
  'programError.SaleNotStarted': 'The presale has not started yet. Wait for the countdown to end.',
  'programError.SaleEnded': 'The presale has ended: no more purchases are accepted.',
  'programError.InvalidWindow': 'The sale window must start before it ends.',
  'programError.NotPendingSeller': 'Only the proposed new seller can accept the presale.',
  'programError.InvalidBump': 'The transaction named the wrong buyer record. Please try again.',

  // Why the server refused a leader report, by its code (the English is the server's text).
  'leaderReportError.LEADER_REPORT__TX_NOT_FOUND':
    'The transaction is not confirmed yet; retry shortly.',
  'leaderReportError.LEADER_REPORT__TX_FAILED': 'The transaction failed on chain.',
  'leaderReportError.LEADER_REPORT__NOT_A_PRESALE_BUY':
    'The transaction is not a presale purchase.',
  'leaderReportError.LEADER_REPORT__WRONG_PRESALE':
    'The purchase was not made on the leader presale.',
  'leaderReportError.LEADER_REPORT__MULTIPLE_BUYS':
    'The transaction contains more than one purchase.',
  'leaderReportError.LEADER_REPORT__SIGNER_MISMATCH':
    'The purchase was not made by the reported wallet.',
  'leaderReportError.LEADER_REPORT__AMOUNT_MISMATCH':
    'The reported amount does not match the purchase.',
  'leaderReportError.LEADER_REPORT__MEMO_MISMATCH':
    'The purchase was made with a different leader code.',
  'leaderReportError.LEADER_REPORT__SELF_REFERRAL':
    'A leader cannot earn commission on their own purchase.',
  'leaderReportError.LEADER_REPORT__COMMISSION_MISMATCH':
    'The reported commission is not 10% of the amount.',
  'leaderReportError.LEADER_REPORT__NO_LEADER_RECORD':
    "The purchase names no leader record; this presale's leaders earn only through their on-chain record.",
  'leaderReportError.LEADER_REPORT__INVALID_LEADER_RECORD':
    'The purchase names an account that is not a leader record of the leader presale.',
  'leaderReportError.LEADER_REPORT__COMMISSION_NOT_PAID':
    'The leader record did not receive the commission of this purchase.',
} as const;
