export * from './deploy';
export * from './presale-fixture';
export * from './send';
export * from './svm-accounts';
