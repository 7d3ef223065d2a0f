export * from './adapter-error';
export * from './sqlite-leader-ledger';
