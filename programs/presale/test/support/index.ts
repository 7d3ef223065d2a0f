/**
 * `@fbt/presale-program/testing`: the program on litesvm for tests and benchmarks (a real
 * upgradeable-loader deploy, a seeded presale, legacy sends, account reads and writes). Tests
 * and benchmarks only: the operator deploys with `@fbt/presale-client`'s `planLoaderDeployment`.
 */
export * from './deploy';
export * from './presale-fixture';
export * from './send';
export * from './svm-accounts';
export * from './token-instructions';
export * from './token-metadata';
export * from './versioned';
