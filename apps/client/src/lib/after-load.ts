/** The longest an idle callback may wait for an idle moment on a busy page. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `run` once the page has loaded (the window's `load` event), painted (a frame after
 * that) and the main thread is idle (`requestIdleCallback`; a timer in browsers without it,
 * such as Safari): for work the page does not need to paint, kept out of the way of what it
 * does. Returns a function that cancels the wait (an effect's cleanup).
 */
export function afterLoadWhenIdle(run: () => void): () => void {
  let cancelled = false;
  let cancelStep: () => void = () => undefined;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelStep = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1);
      cancelStep = () => window.clearTimeout(id);
    }
  };
  const afterPaint = () => {
    if (cancelled) return;
    const frame = window.requestAnimationFrame(() => {
      const id = window.setTimeout(whenIdle, 0);
      cancelStep = () => window.clearTimeout(id);
    });
    cancelStep = () => window.cancelAnimationFrame(frame);
  };
  if (document.readyState === 'complete') afterPaint();
  else {
    window.addEventListener('load', afterPaint, { once: true });
    cancelStep = () => window.removeEventListener('load', afterPaint);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
