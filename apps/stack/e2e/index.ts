/** The browser helpers the buy-latency benchmark shares with the browser suites. */
export { launchChromium } from './browser';
export { buyFromNode, openBuyerPage, startBuyStack, type BuyStack } from './buy/buy-stack';
