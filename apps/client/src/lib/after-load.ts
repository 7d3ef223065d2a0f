/** A hidden tab paints no frames: past this, work waiting for a paint goes ahead anyway. */
const PAINT_FALLBACK_MS = 500;

/**
 * Resolves once the browser has painted the next frame (an animation frame, then a task), or
 * after {@link PAINT_FALLBACK_MS} in a tab that paints none. For requests the first paint does
 * not need: started before it, they share the phone's bandwidth with what it does need.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = window.setTimeout(resolve, PAINT_FALLBACK_MS);
    window.requestAnimationFrame(() => {
      window.setTimeout(() => {
        window.clearTimeout(fallback);
        resolve();
      }, 0);
    });
  });
}

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
