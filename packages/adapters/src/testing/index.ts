/** Test tooling of `@fbt/adapters/testing`: throwaway PostgreSQL and Redis servers. */
export * from './postgres-server';
export * from './redis-server';
export { freeLoopbackPort } from './free-port';
export * from './raydium-trade-loopback';
