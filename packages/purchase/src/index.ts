export * from './buy-fbt';
export * from './confirm-signature';
export * from './describe-failure';
export * from './purchase-connection';
