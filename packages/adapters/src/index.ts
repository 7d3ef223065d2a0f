export * from './adapter-error';
export * from './community-counters';
export * from './http-json';
export * from './pyth-hermes-price-source';
export * from './postgres-leader-ledger';
export { POSTGRES_LEDGER_SCHEMA_VERSION, postgresUrlProblem } from './postgres-ledger-schema';
export * from './sqlite-leader-ledger';
export * from './reset-retrying-fetch';
export * from './solana-chain';
