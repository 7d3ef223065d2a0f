import { useEffect, useState } from 'react';

/** How long the 'copied' confirmation stays on a Copy button. */
const COPIED_MS = 2_500;

/** Where a copy stands: not asked, done (for a moment), or refused by the browser. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `value` to the clipboard on `copy()`: 'copied' for a moment, then back to 'idle';
 * 'failed' where the clipboard is missing or refuses, after calling `onRefused` (e.g. to
 * select the value so it can be copied by hand).
 */
export function useCopy(value: string, onRefused?: () => void) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const refused = () => {
    onRefused?.();
    setState('failed');
  };
  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) return refused();
    clipboard.writeText(value).then(() => setState('copied'), refused);
  };
  return { state, copy };
}
