import { enDelivery } from './en-delivery';
import { enSale } from './en-sale';
import { enSwap } from './en-swap';

/**
 * English UI copy. This catalogue is the source of truth for message keys: the Italian
 * catalogue must have exactly the same keys (checked by `catalogues.test.ts`). The product's
 * fixed wording (titles, buttons, the purchase dialogs) is kept verbatim here, and a test holds
 * the main strings to it. The sale-rule, leader-earnings and program error texts live in
 * `en-sale.ts`; how and when the FBT reach buyers (delivery modes, "Your FBT") in
 * `en-delivery.ts`.
 */
export const en = {
  ...enDelivery,
  ...enSale,
  ...enSwap,

  'brand.full': 'Frustrated Beast Token',
  'brand.short': 'FBT',
  'brand.homeLabel': 'Frustrated Beast Token — home',

  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.roadmap': 'Roadmap',
  'nav.live': 'Live',
  'nav.presale': 'Presale',
  'nav.leaderboard': 'Leaderboard',
  'nav.swap': 'Swap',
  'nav.marketplace': 'Marketplace',
  'nav.nft': 'NFT',
  'nav.whitepaper': 'Whitepaper',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.newTab': '(opens in a new tab)',
  'nav.skip': 'Skip to content',

  'lang.label': 'Language',
  'lang.switchTo': 'Passa all’italiano',
  'lang.current': 'EN',

  'wallet.connect': 'Connect Wallet',
  'wallet.disconnectTitle': 'Disconnect Wallet',
  'wallet.disconnectText': 'Click Button to Disconnect Wallet',
  'wallet.back': 'Back',
  'wallet.disconnect': 'Disconnect',
  'wallet.addressLabel': 'Wallet address',
  'wallet.copyAddress': 'Copy address',
  'wallet.addressCopied': 'Address copied',
  'wallet.copyAddressFailed': 'Copying is not allowed here: select the address and copy it.',
  'wallet.fundText': 'Local test chain: top up this wallet from the chain’s faucet.',
  'wallet.fund': 'Get 10 test SOL',
  'wallet.funding': 'Sending test SOL…',
  'wallet.funded': '10 test SOL received.',
  'wallet.fundFailed': 'The local chain did not send the test SOL. Try again.',
  'wallet.pickerTitle': 'Connect Wallet',
  'wallet.pickerText': 'Choose the wallet you want to buy FBT with.',
  'wallet.pickerTextSwap': 'Choose the wallet you want to swap with.',
  'wallet.pickerTextClaim': 'Choose the wallet your leader codes pay, to claim your commission.',
  'wallet.phantom': 'Phantom Wallet',
  'wallet.solflare': 'Solflare Wallet',
  'wallet.cancel': 'Cancel',
  'wallet.detected': 'Detected',
  'wallet.webWallet': 'Not installed: connects through its web wallet',
  'wallet.openApp': 'Opens the app',
  'wallet.install': 'Install',
  'wallet.openInText': 'Have the app on this phone? Open this page inside it to connect.',
  'wallet.openIn': 'Open in {wallet}',

  'purchase.bought': 'You bought {bought}/{max} SOL',
  'purchase.price': '1 SOL = {usd} USD',
  'purchase.priceLoading': '1 SOL = … USD',
  'purchase.priceApprox': '≈ 1 SOL = {usd} USD',
  'purchase.priceFallbackNote':
    'Reference value: the live SOL price is unavailable right now, so this is not the market price.',
  'purchase.priceStaleNote': 'Last known price: the live SOL price feed has not updated recently.',
  'purchase.amountLabel': 'Amount (SOL)',
  'purchase.amountPlaceholder': 'Amount',
  'purchase.estimate': 'You will receive {amount} FBT',
  'purchase.send': 'Send',
  'purchase.limits': 'Min {min} SOL · Max {max} SOL per wallet',
  'purchase.stage.validating': 'Checking the amount…',
  'purchase.stage.preparing': 'Preparing the transaction…',
  'purchase.stage.simulating': 'Checking the transaction…',
  'purchase.stage.signing': 'Approve in your wallet…',
  'purchase.stage.sending': 'Sending…',
  'purchase.stage.confirming': 'Waiting for confirmation…',
  'purchase.soldOutTitle': 'Presale sold out',
  'purchase.soldOutText': 'Every FBT in this round has been bought. Thank you, beasts!',
  'purchase.inactive': 'This presale is paused at the moment.',
  'purchase.loadError': 'The presale could not be loaded. Please try again in a moment.',
  'purchase.errorTitle': 'Error',
  'purchase.successTitle': 'Transaction successful',
  'purchase.successText': 'Click Open to view in Solscan',
  'purchase.successSummary': '{fbt} FBT for {sol} SOL',
  'purchase.close': 'Close',
  'purchase.open': 'Open',
  'purchase.leaderChecking': 'Checking the leader code…',
  'purchase.leaderMissing':
    'This leader link has no valid leader code. Ask your leader for the right link.',
  'purchase.leaderUnknown':
    'The leader code "{code}" is not registered. Ask your leader for the right link.',
  'purchase.leaderUnavailable': 'The leader code could not be checked right now. Please try again.',
  'purchase.leaderPleaseContact': 'Please contact your Leader',

  'purchase.leaderProceed': 'You can still buy now.',
  'purchase.leaderConfirmTitle': 'Buy without a verified leader code?',
  'purchase.leaderConfirmMissing':
    'This link has no valid leader code, so this purchase will not count for a leader. The purchase itself is not affected.',
  'purchase.leaderConfirmUnknown':
    'The leader code "{code}" is not registered, so this purchase will probably not count for a leader. The purchase itself is not affected.',
  'purchase.leaderConfirmUnavailable':
    'The leader code "{code}" could not be checked right now. It is checked again when the purchase is reported to your leader.',
  'purchase.leaderConfirmBuy': 'Buy anyway',
  'purchase.leaderConfirmCancel': 'Cancel',
  'purchase.boughtLoading': 'Reading what this wallet already bought…',
  'purchase.boughtRetrying':
    'Could not read what this wallet already bought. Trying again in {seconds} s…',
  'purchase.boughtRetryNow': 'Try now',

  'amount.AMOUNT__EMPTY': 'Amount field is empty',
  'amount.AMOUNT__USER_LIMIT_REACHED': 'You already exceed buyable limit',
  'amount.AMOUNT__TOO_HIGH': 'Amount too high. Max {max} SOL',
  'amount.AMOUNT__TOO_LOW': 'Amount too low. Min {min} SOL',
  'amount.AMOUNT__NOT_A_NUMBER': 'Amount must be a number',
  'amount.AMOUNT__NEGATIVE': 'Amount cannot be negative',
  'amount.AMOUNT__EXPONENT': 'Enter the amount as a plain decimal number',
  'amount.AMOUNT__TOO_MANY_DECIMALS': 'Amount can have at most 9 decimals',
  'amount.AMOUNT__OUT_OF_RANGE': 'Amount is too large',

  'dialogText.DIALOG__ERROR': 'Error',
  'dialogText.DIALOG__WARNING': 'Warning',
  'dialogText.DIALOG__TX_EXECUTED': 'Transaction successfully executed.',
  'dialogText.DIALOG__LEADER_CODE_ERROR':
    'Encountered an error in the Leader code. Contact support or your leader',
  'dialogText.DIALOG__CONTACT_LEADER': 'Please contact your Leader',
  'dialogText.DIALOG__TRY_AGAIN': 'Please try again',
  'dialogText.DIALOG__NO_SOL':
    'Your wallet has no SOL on this network yet. Add SOL to pay for the purchase and its fee.',
  'dialogText.DIALOG__NOT_ENOUGH_SOL':
    'Not enough SOL in your wallet for this amount plus the network fee.',
  'dialogText.DIALOG__NOT_SIGNED': 'The wallet did not sign the transaction.',
  'dialogText.DIALOG__WALLET_REJECTED': 'User rejected the request.',

  'content.sampleTag': 'Sample',
  'content.sampleNote':
    'The whitepaper and terms linked on this site are sample documents of this installation, not the real ones.',
  'content.sampleDocuments':
    'These are sample documents of this installation, not the real whitepaper.',

  'dialog.close': 'Close dialog',

  'whitepaper.title': 'Choose Language',
  'whitepaper.text': 'The whitepaper opens in a new tab.',
  'whitepaper.english': 'English',
  'whitepaper.italian': 'Italiano',

  'hero.eyebrow': 'Solana community token · Presale live',
  'hero.title': 'No more wasting money',
  'hero.blurb': 'Frustrated Beast Token is here to make your soul frustration lighter.',
  'hero.body':
    'FBT aims to give its community happiness instead of frustration. Like every beast, it mutates over time: new collections, new contests and new ways to use it, shaped by the people who hold it.',
  'hero.ctaPresale': 'Join the Presale',
  'hero.ctaWhitepaper': 'Read Whitepaper',
  'hero.imageAlt': 'The Frustrated Beast, calm',
  'hero.imageAltMutated': 'The Frustrated Beast, mutated and furious',
  'hero.price': 'Presale price',
  'hero.priceValue': '0.00005 SOL',
  'hero.supplyValue': '100,000,000 FBT',

  'stats.label': 'Token facts',
  'stats.tradable.value': 'Tradable',
  'stats.tradable.title': 'Buy, hold and exchange on Solana',
  'stats.supply.value': '100M',
  'stats.supply.title': 'Supply',
  'stats.transparent.value': 'Transparent',
  'stats.transparent.title': 'Rules enforced on-chain, open to anyone',
  'stats.transparent.link': 'Verify this sale on chain',
  'presale.verifyLink': 'Verify this sale',

  'features.eyebrow': 'Why FBT',
  'features.title': 'A Team ready to impress you',
  'features.lead':
    'Owners, developers, ambassadors and leaders are united behind one beast and one goal: a community that stops wasting money.',
  'features.referral.title': 'No referral links',
  'features.referral.content':
    'An open ecosystem based on meritocracy. Nobody climbs on somebody else’s shoulders: contribution is what gets rewarded.',
  'features.nft.title': 'NFT collections',
  'features.nft.content':
    'Limited collections, starting with Scream, sold on our NFT marketplace and designed to grow with the beast.',
  'features.marketplace.title': 'Community marketplace',
  'features.marketplace.content':
    'A marketplace driven by the community, where the products on sale are entered by the community itself.',

  'product.eyebrow': 'The product',
  'product.title': 'A token that mutates with its community',
  'product.body':
    'FBT is more than a ticker. Every milestone the community reaches unlocks a new mutation of the beast: new artwork, new utilities in the marketplace and new reasons to hold. The rules of the presale live on-chain, where anyone can check them.',
  'product.imageAlt': 'The Frustrated Beast holding an FBT coin',
  'product.point1': 'Presale rules enforced by an on-chain program',
  'product.point2': 'Fixed presale price: 0.00005 SOL per FBT',
  'product.point3': 'Automatic distribution at 100% of the allocation',

  'cta.title': 'Read Whitepaper',
  'cta.body':
    'Everything about FBT in one document: tokenomics, roadmap and the rules of the game. Read it, then join our contests for a chance to win the airdrop.',
  'cta.read': 'Read Whitepaper',
  'cta.presale': 'Go to Presale',

  'hold.eyebrow': 'Marketplace',
  'hold.title': 'Hold the Token',
  'hold.body':
    'Buy FBT, hold it, and exchange it for products and NFTs on the community marketplace. The longer the beast lives in your wallet, the calmer it gets.',
  'hold.cta': 'Visit the Marketplace',

  'footer.usefulLinks': 'Useful Links',
  'footer.whitepaperEn': 'Whitepaper (English)',
  'footer.whitepaperIt': 'Whitepaper (Italiano)',
  'footer.howItWorks': 'How it Works',
  'footer.terms': 'Terms & Services',
  'footer.community': 'Community',
  'footer.telegram': 'Telegram Channel',
  'footer.x': 'X (Twitter)',
  'footer.partner': 'Partner',
  'footer.becomePartner': 'Become a Partner',
  'footer.contact': 'Contact us',
  'footer.poweredBy': 'Powered by',
  'footer.auditedBy': 'Audited by',
  'footer.auditLabel': 'Read the audit report',
  'footer.copyright': '© 2024 Frustrated Beast Token. All rights reserved.',
  'footer.tagline': 'The Solana token that makes your soul frustration lighter.',
  'footer.social': 'Social links',
  'footer.disclaimerTitle': 'Risk disclaimer',
  'footer.disclaimer':
    'FBT tokens are meme coins with zero intrinsic value. Their value is set only by supply and demand. Investing in crypto assets carries a high risk, including the loss of your whole capital. No refund is given, except the SOL of a presale that misses its minimum raise. Only invest what you can afford to lose.',

  'roadmap.eyebrow': 'Roadmap',
  'roadmap.title': 'FBT Roadmap',
  'roadmap.subtitle': 'Navigating Our Path to Innovation: From Team Distribution to Token Launch.',
  'roadmap.step1.date': 'Step 1',
  'roadmap.step1.title': 'First Step',
  'roadmap.step1.description': 'Distribution to project team and new potential deals.',
  'roadmap.step2.date': 'Step 2',
  'roadmap.step2.title': 'Second Step',
  'roadmap.step2.description':
    'Creation of communication and information channels; airdrop distribution along with social media campaign and contests.',
  'roadmap.step3.date': 'Step 3',
  'roadmap.step3.title': 'Third Step',
  'roadmap.step3.description': 'NFT Scream collection launch and Presale.',
  'roadmap.step4.date': 'Step 4',
  'roadmap.step4.title': 'Fourth Step',
  'roadmap.step4.description': 'Token Launch.',

  'live.eyebrow': 'Community goals',
  'live.title': 'Goals Live',
  'live.p1':
    'Every beast starts alone. Ours grows every time someone new joins the Telegram channel or follows us on X, and every member makes the next mutation closer.',
  'live.p2':
    'These goals are not vanity numbers: each one unlocks contests, airdrop rounds and new marketplace features for the people who helped reach it.',
  'live.p3':
    'Bring a friend, share a meme, ask a hard question. The counters below update live, and they only move because of you.',
  'live.telegram': 'Telegram Members',
  'live.twitter': 'Twitter Users',
  'live.unitMembers': 'members',
  'live.unitUsers': 'users',
  'live.joinTelegram': 'Join on Telegram',
  'live.followX': 'Follow on X',
  'live.stale': 'Last known count — refreshing',
  'live.lockedRow': 'Unlocks when the 5000 goal is reached',
  'live.updated': 'Live',

  'progress.goal': 'Goal',
  'progress.completed': 'Completed',
  'progress.final': '{current} {unit}',
  'progress.remaining': '{current} {unit} · {remaining} to go',
  'progress.completedAlt': 'Goal completed badge',
  'progress.percent': '{percent}% of goal',

  'presale.eyebrow': 'Presale',
  'presale.title': 'Presale',
  'presale.privateBadge': 'Private round',
  'presale.leaderBadge': 'Leader round',
  'presale.copy1': 'The presale token price is 0.00005 SOL.',
  'presale.copy2':
    'Distribution starts automatically when 100% of the presale allocation is reached.',
  'presale.copy3': 'Will the market make us less frustrated?',
  'presale.imageAlt': 'FBT presale coin with the beast on it',
  'presale.characterAlt': 'The Frustrated Beast watching the presale',
  'presale.eyesAlt': 'The beast’s eyes following the presale',
  'presale.targetTitle': 'SOL Target',
  'presale.targetType': 'SOL Raised',
  'presale.unit': 'SOL',
  'presale.leaderCode': 'Leader code',
  'presale.leaderCodeMissing': 'No leader code in the link',
  'presale.boxTitle': 'Become an FBT Holder!',
  'presale.boxSubtitle': 'Enter the Amount and Send Now',
  'presale.boxPrice': '1 FBT = 0.00005 SOL',
  'presale.boxHint': 'Connect Phantom or Solflare to buy FBT with SOL.',
  'presale.howTitle': 'How to buy',
  'presale.how1': 'Connect Phantom or Solflare.',
  'presale.how2': 'Enter how much SOL you want to spend.',
  'presale.how3': 'Send, approve in your wallet, and the FBT arrive in the same transaction.',

  'leaderboard.eyebrow': 'Leaders',
  'leaderboard.title': 'Leaderboard',
  'leaderboard.subtitle':
    'Leaders earn a 10% commission on every presale buy made with their code. Only verified on-chain buys count.',
  'leaderboard.rank': 'Rank',
  'leaderboard.code': 'Leader',
  'leaderboard.buys': 'Buys',
  'leaderboard.volume': 'Volume',
  'leaderboard.commission': 'Commission',
  'leaderboard.empty': 'No leader buys yet. Be the first leader on the board.',
  'leaderboard.error': 'The leaderboard could not be loaded. Please try again in a moment.',
  'leaderboard.loading': 'Loading leaderboard…',
  'leaderboard.retry': 'Try again',

  'wip.home': 'Back to Home',

  'mammamia.title': 'Mamma Mia!',
  'mammamia.text':
    'Something big is cooking in the beast’s kitchen. Follow the steps below: the first one is ready for you, the second one opens when the community is.',
  'mammamia.first': 'First Step',
  'mammamia.second': 'Second Step',

  'notFound.code': '404',
  'notFound.title': 'This beast wandered off',
  'notFound.text':
    'The page you are looking for does not exist or has moved. Nothing was lost: head back home or go to the presale.',
  'notFound.home': 'Back to Home',
  'notFound.presale': 'Go to Presale',

  'error.title': 'Unexpected Application Error!',
  'error.reload': 'Reload page',
  'error.home': 'Back to Home',
} as const;

/** Every message key of the UI. */
export type MessageKey = keyof typeof en;

/** A full catalogue: one string per message key. */
export type Messages = Record<MessageKey, string>;
