export * from './keypair-wallet';
export * from './sign-wire-transaction';
