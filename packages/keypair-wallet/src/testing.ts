/** Node-side test tooling: import from `@fbt/keypair-wallet/testing`, never from the site. */
export { buildTestWalletScript } from './inject/build-test-wallet-script';
export type { TestWalletConfig, TestWalletControl } from './inject/test-wallet-config';
