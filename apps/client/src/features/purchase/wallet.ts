// The purchase box's wallet side: imports the wallet and web3.js code, so only the presale
// pages' lazy wallet chunk imports this entry (the box itself is in `./index`).
export { PurchaseSessionPublisher } from './components/purchase-session-publisher';
