/**
 * The first element of the key of every query that reads a wallet's balances (SOL or tokens):
 * whatever moves the wallet's funds (a swap, the local chain's faucet) invalidates them all at
 * once, so the page never shows a balance older than the transaction it just confirmed.
 */
export const WALLET_BALANCES_KEY = ['wallet-balances'] as const;
