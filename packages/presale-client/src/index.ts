export * from './accounts';
export * from './constants';
export * from './errors';
export * from './instructions';
export * from './layout';
export * from './loader-deployment';
export * from './pda';
