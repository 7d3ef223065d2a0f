/**
 * `@fbt/adapters/swap-pool`: the loopback swap pool of the local chain, a server speaking
 * Raydium's Trade API wire format in front of a funded pool wallet. `npm start -- --swap-pool`
 * points the BFF's swap at it; the swap suites run against it. Never part of the BFF's image:
 * only `@fbt/stack` and tests import this entry.
 */
export * from './raydium-trade-loopback';
