export { DeferredPurchase } from './components/deferred-purchase';
