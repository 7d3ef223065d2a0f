export * from './actions';
export { runCli } from './cli';
export type { CliIo } from './cli';
export * from './deploy';
export * from './keypair-file';
export * from './operator-error';
export * from './seed';
export { sendInstructions } from './send';
