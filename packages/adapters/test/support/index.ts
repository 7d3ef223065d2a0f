/**
 * `@fbt/adapters/testing`: what other workspaces' tests start next to the code they test:
 * throwaway PostgreSQL and Redis servers, a free loopback port, random addresses and
 * signatures. Tests only: no file under a `src/` folder imports it (a repo check holds this).
 */
export * from './postgres-server';
export * from './redis-server';
export { freeLoopbackPort } from './free-port';
export { randomAddress, randomSignature } from './random-ids';
