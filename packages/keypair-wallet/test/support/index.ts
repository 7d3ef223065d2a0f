/**
 * `@fbt/keypair-wallet/testing`: the injectable test wallet for browser tests, built in Node
 * (`buildTestWalletScript`, esbuild) and registered in the page before the site's code runs.
 * Tests only: the site's burner wallet imports the package's main entry, never this one.
 */
export { buildTestWalletScript } from './inject/build-test-wallet-script';
export type { TestWalletConfig, TestWalletControl } from './inject/test-wallet-config';
export type { TokenDescription } from './preview/describe-token';
export type { TokenChange, TransactionPreview } from './preview/preview-transaction';
