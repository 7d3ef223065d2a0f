import { useEffect, useState } from 'react';

/**
 * The current time in ms, renewed every `intervalMs` while `enabled` (a countdown's tick);
 * read once otherwise. Timers stop on unmount.
 */
export function useNow(intervalMs: number, enabled: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
