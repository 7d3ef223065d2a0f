/**
 * `@fbt/distribution/testing`: a local chain with the program, an FBT mint and at-completion
 * presales to distribute, for this package's suites and the BFF's, operator's and benchmarks'.
 * Tests and benchmarks only: no production code imports it.
 */
export * from './distribution-chain';
export * from './faulty-rpc';
