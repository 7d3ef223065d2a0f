/**
 * `@fbt/stack/testing`: the browser helpers and the buy stack the benchmarks share with the
 * browser suites. Tests and benchmarks only; `@fbt/stack` itself never imports it.
 */
export { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium, requireChromium } from './browser';
export { buyFromNode, openBuyerPage, startBuyStack, type BuyStack } from './buy-stack';
