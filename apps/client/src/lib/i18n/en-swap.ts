/**
 * English copy of the swap page (SOL <-> FBT once the token trades): the closed state, the box,
 * slippage, the quote, the stages and every refusal. Part of the English catalogue (`en.ts`
 * spreads it).
 */
export const enSwap = {
  'swap.eyebrow': 'Swap',
  'swap.title': 'Trade FBT',
  'swap.lead':
    'Swap SOL and FBT at the pool’s price. Every transaction is checked before your wallet is asked to sign it.',
  'swap.closedTitle': 'Trading opens after the presale',
  'swap.closedText':
    'FBT lists on a pool once the presale ends. Until then you can buy it at the fixed presale price.',
  'swap.closedPresale': 'Go to Presale',
  'swap.boxTitle': 'Swap',
  'swap.pay': 'You pay',
  'swap.receive': 'You receive',
  'swap.balance': 'Balance: {amount} {token}',
  'swap.max': 'Max',
  'swap.switch': 'Switch direction',
  'swap.updating': 'Updating the quote…',
  'swap.enterAmount': 'Enter an amount',
  'swap.send': 'Swap',
  'swap.insufficient': 'Not enough {token} in this wallet (some SOL is kept for network fees).',
  'swap.amountZero': 'Enter an amount above 0',
  'swap.tooManyDecimals': '{token} amounts can have at most {decimals} decimals',
  'swap.impactWarning':
    'High price impact: this trade moves the pool’s price by more than 5%. Consider a smaller amount.',
  'swap.fineprint':
    'Prices come from the pool and change with every trade. Slippage bounds what you accept.',
  'swap.rate': 'Price',
  'swap.rateValue': '1 FBT ≈ {sol} SOL',
  'swap.minimumReceived': 'Minimum received',
  'swap.maximumPaid': 'Maximum paid',
  'swap.priceImpact': 'Price impact',
  'swap.route': 'Route',
  'swap.routeValue': 'Pool {pools} · fee {fee}% ({amount})',
  'swap.networkFee': 'Priority fee',
  'swap.networkFeeValue': 'up to {sol} SOL',
  'swap.networkFeeFallback': 'up to {sol} SOL (standard rate)',
  'swap.successSummary': 'Wallet change: −{paid}, +{received} (network fees included)',
  'swap.slippage.button': 'Slippage {value}',
  'swap.slippage.label': 'Slippage tolerance',
  'swap.slippage.custom': 'Custom slippage in percent',
  'swap.slippage.customPlaceholder': 'Custom',
  'swap.slippage.high':
    'A {value} slippage lets the price move a lot against you before the swap fails.',
  'swap.slippage.SLIPPAGE__NOT_A_NUMBER': 'Enter a percentage such as 0.5 (at most 2 decimals)',
  'swap.slippage.SLIPPAGE__TOO_LOW': 'Slippage must be at least 0.01%',
  'swap.slippage.SLIPPAGE__TOO_HIGH': 'Slippage can be at most 50%',
  'swap.stage.building': 'Preparing the transaction…',
  'swap.stage.checking': 'Checking the transaction…',
  'swap.stage.simulating': 'Simulating the swap…',
  'swap.stage.signing': 'Approve in your wallet…',
  'swap.stage.sending': 'Sending…',
  'swap.stage.confirming': 'Waiting for confirmation…',
  'swap.api.SWAP__UPSTREAM_TIMEOUT': 'The exchange did not answer in time. Please try again.',
  'swap.api.SWAP__UPSTREAM_UNAVAILABLE':
    'The exchange is unavailable right now. Please try again shortly.',
  'swap.api.SWAP__UPSTREAM_INVALID':
    'The exchange’s answer could not be understood. Please try again.',
  'swap.api.SWAP__NO_ROUTE': 'The pool cannot do this swap right now. Try a smaller amount.',
  'swap.api.SWAP__QUOTE_INVALID': 'This quote cannot be used. Get a new quote and try again.',
  'swap.api.SWAP__DISABLED': 'Trading opens after the presale.',
  'swap.api.SWAP__BAD_ANSWER': 'The server’s answer could not be read. Please try again.',
  'swap.api.RATE_LIMITED': 'Too many requests. Please wait a moment.',
  'swap.api.REQUEST__INVALID': 'This amount cannot be quoted.',
  'swap.problem.SWAP_TX__TOO_LARGE':
    'Refused before signing: the transaction is {size} characters, over the {max} a transaction may have.',
  'swap.problem.SWAP_TX__MALFORMED': 'Refused before signing: the transaction could not be read.',
  'swap.problem.SWAP_TX__LOOKUP_TABLES':
    'Refused before signing: the transaction loads accounts that cannot be checked.',
  'swap.problem.SWAP_TX__FEE_PAYER':
    'Refused before signing: the transaction’s fee payer is {payer}, not your wallet.',
  'swap.problem.SWAP_TX__MISSING_SIGNATURE':
    'Refused before signing: the transaction still needs a signature from {account}.',
  'swap.problem.SWAP_TX__UNKNOWN_PROGRAM':
    'Refused before signing: the transaction calls the program {program}, which a swap does not need.',
  'swap.problem.SWAP_TX__UNEXPECTED_INSTRUCTION':
    'Refused before signing: instruction {instruction} does something a swap does not do.',
  'swap.problem.SWAP_TX__PAYS_SOMEONE_ELSE':
    'Refused before signing: the transaction sends your funds to {account}, which is neither yours nor the pool.',
  'swap.problem.SWAP_TX__UNEXPECTED_MINT':
    'Refused before signing: the transaction touches the token {mint}; this swap trades only SOL and FBT.',
  'swap.problem.SWAP_TX__PRIORITY_FEE':
    'Refused before signing: the transaction bids a priority fee above the {cap} micro-lamports cap.',
  'swap.problem.SWAP_TX__NO_POOL':
    'Refused before signing: the exchange instruction does not use the quoted pool.',
  'swap.problem.SWAP_TX__AMOUNT_MISMATCH':
    'Refused before signing: the transaction would take more than the quote says.',
  'swap.problem.SWAP_TX__BELOW_MINIMUM':
    'The price moved beyond your slippage: you would receive less than the minimum. Nothing was sent; get a new quote.',
  'swap.problem.SWAP__SLIPPAGE':
    'The price moved beyond your slippage. Nothing was sent; get a new quote and try again.',
} as const;
