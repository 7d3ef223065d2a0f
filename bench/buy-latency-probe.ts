/**
 * What buy-latency measures inside the page, and how it splits a buy's time.
 *
 * The in-page clock runs from the Send click's input event (`event.timeStamp`: when the browser
 * received the click) to the first frame after the result dialog is open (`<dialog open>` with
 * its title; a requestAnimationFrame, then a message-channel task, so that frame has been
 * produced). The driver waits for the same moment through one awaited promise rather than
 * Playwright's locator polling (its retries back off to 500 ms, which measured Playwright, not
 * the site). The site's `fbt:buy:<stage>` performance marks split the time, and every `/rpc`
 * request the page made between the click and the result is listed by JSON-RPC method.
 */
import type { Page, Request } from 'playwright-core';

/** One buy as the page saw it (times in ms on the page's performance clock). */
export interface BuyProbe {
  readonly timeOrigin: number;
  readonly clickAt: number;
  readonly openAt: number;
  readonly paintedAt: number;
  readonly title: string;
  /** `fbt:buy:<stage>` marks by stage name. */
  readonly marks: Readonly<Record<string, number>>;
  /** The page's `/rpc` fetches after the click: [start, responseEnd] (resource timing). */
  readonly rpc: readonly (readonly [number, number])[];
}

/** One `/rpc` HTTP request: its methods (several for a batch) and wall-clock span (epoch ms). */
export interface RpcCall {
  readonly methods: readonly string[];
  readonly start: number;
  readonly end: number;
}

const PROBE_SCRIPT = `(() => {
  let armed = null;
  let clickAt = 0;
  document.addEventListener('click', (event) => {
    if (armed !== null && clickAt === 0 && event.target instanceof Element &&
        event.target.closest('[data-testid="purchase-send"]')) clickAt = event.timeStamp;
  }, true);
  const check = () => {
    if (armed === null || clickAt === 0) return;
    const title = document.querySelector('dialog[open] .dialog__title');
    if (title === null) return;
    const done = armed;
    armed = null;
    const openAt = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const marks = {};
        for (const mark of performance.getEntriesByType('mark'))
          if (mark.name.startsWith('fbt:buy:')) marks[mark.name.slice(8)] = mark.startTime;
        const rpc = performance.getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/rpc') && entry.startTime >= clickAt)
          .map((entry) => [entry.startTime, entry.responseEnd]);
        done({ timeOrigin: performance.timeOrigin, clickAt, openAt,
          paintedAt: performance.now(), title: title.textContent ?? '', marks, rpc });
      };
      channel.port2.postMessage(0);
    });
  };
  new MutationObserver(check).observe(document.body,
    { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
  window.fbtArmBuyProbe = () => {
    clickAt = 0;
    // The buffer keeps 250 entries by default; each buy starts with an empty one.
    performance.clearResourceTimings();
    window.fbtBuyProbe = new Promise((resolve) => (armed = resolve));
  };
})()`;

/** Installs the probe in the page and records its `/rpc` requests into the returned list. */
export async function installBuyProbe(page: Page): Promise<RpcCall[]> {
  await page.evaluate(PROBE_SCRIPT);
  const calls: RpcCall[] = [];
  page.on('requestfinished', (request: Request) => {
    if (!request.url().endsWith('/rpc')) return;
    const body = request.postDataJSON() as { method?: string } | { method?: string }[] | null;
    const methods = (Array.isArray(body) ? body : [body]).map((call) => call?.method ?? '?');
    const timing = request.timing();
    calls.push({ methods, start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  return calls;
}

/** Arms the probe for the next click; `awaitBuyProbe` then resolves at the painted dialog. */
export async function armBuyProbe(page: Page): Promise<void> {
  await page.evaluate('window.fbtArmBuyProbe()');
}

export async function awaitBuyProbe(page: Page): Promise<BuyProbe> {
  return page.evaluate<BuyProbe>('window.fbtBuyProbe');
}

/** The spans printed per buy, each between two of the probe's instants. */
export const BUY_SPANS = [
  ['click -> flow starts (React handler)', 'click', 'validating'],
  ['validate + build (read-ahead data)', 'validating', 'simulating'],
  ['simulate (/rpc)', 'simulating', 'signing'],
  ['wallet signs', 'signing', 'sending'],
  ['send + first status (one /rpc batch)', 'sending', 'confirming'],
  ['confirm (further status reads, if any)', 'confirming', 'result'],
  ['result -> dialog open', 'result', 'open'],
  ['dialog open -> frame painted', 'open', 'painted'],
] as const;

/**
 * How much of the span `from`..`to` the page spent waiting on `/rpc` (network, BFF and chain),
 * from the page's resource timing; the rest is the page's own work (JavaScript, rendering).
 */
export function rpcTimeWithin(probe: BuyProbe, from: number, to: number): number {
  let total = 0;
  for (const [start, end] of probe.rpc)
    total += Math.max(0, Math.min(end, to) - Math.max(start, from));
  return total;
}

/** The probe's instants by name: the click, each mark, the open dialog and the painted frame. */
export function instants(probe: BuyProbe): Record<string, number> {
  return { ...probe.marks, click: probe.clickAt, open: probe.openAt, painted: probe.paintedAt };
}

/** The `/rpc` requests made between a buy's click and its result. */
export function rpcCallsOfBuy(calls: readonly RpcCall[], probe: BuyProbe): RpcCall[] {
  const from = probe.timeOrigin + probe.clickAt;
  const to = probe.timeOrigin + (probe.marks.result ?? probe.paintedAt);
  return calls.filter((call) => call.start >= from && call.start <= to);
}
