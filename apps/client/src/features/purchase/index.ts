export { PurchaseBox } from './components/purchase-box';
export { LeaderShare } from './components/leader-share';
export { useSiteConfig } from './api/get-site-config';
