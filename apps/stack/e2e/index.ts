/** Browser helpers shared by the browser suites and the buy-latency benchmark. */
export { CHROMIUM_PATH, launchChromium } from './browser';
export {
  buyFromNode,
  openBuyerPage,
  saveShot,
  startBuyStack,
  LEADER_CODE,
  type BuyStack,
  type BuyerPage,
} from './buy/buy-stack';
