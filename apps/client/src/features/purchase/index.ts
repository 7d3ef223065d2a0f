export { PurchaseBox } from './components/purchase-box';
export { useSiteConfig } from './api/get-site-config';
