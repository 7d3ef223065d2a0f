export { PurchaseBox } from './components/purchase-box';
export { useSiteConfig } from './api/get-site-config';
export { PurchaseSessionProvider, usePurchaseSessionLive } from './hooks/purchase-session';
