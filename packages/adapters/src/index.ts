export * from './adapter-error';
export * from './community-counters';
export * from './http-json';
export * from './pyth-hermes-price-source';
export * from './sqlite-leader-ledger';
export * from './solana-chain';
