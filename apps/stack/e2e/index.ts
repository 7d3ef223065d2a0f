/** The browser helpers the benchmarks share with the browser suites. */
export { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium, requireChromium } from './browser';
export { buyFromNode, openBuyerPage, startBuyStack, type BuyStack } from './buy/buy-stack';
