export * from './buy-fbt';
export * from './claim-commission';
export * from './confirm-signature';
export * from './describe-failure';
export * from './prepare-purchase';
export * from './purchase-connection';
export * from './run-transaction';
