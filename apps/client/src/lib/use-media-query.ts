import { useCallback, useSyncExternalStore } from 'react';

const never = () => () => undefined;
const unmatched = () => false;

/**
 * Subscribes to a CSS media query, e.g. `(max-width: 768px)`; false without a window (markup
 * rendered at build time) and while `enabled` is false. A page that does not need the answer
 * passes `enabled: false`: React then has nothing to correct after adopting build-time markup
 * (on a phone the query's true differs from that markup's false, and React follows hydration
 * with a synchronous render, and its effects, in the same long task).
 */
export function useMediaQuery(query: string, enabled = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(
    enabled ? subscribe : never,
    enabled ? matches : unmatched,
    unmatched,
  );
}
