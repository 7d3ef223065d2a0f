import type { Language } from '../lib/i18n/i18n';
import { FIRST_PAINT_ATTRIBUTE, PRERENDER_ATTRIBUTE, prerenderedPageOf } from './markup';

/**
 * The build-time markup (index.html's `#root > [data-prerender=<page>]`, see vite-prerender.ts)
 * the visitor is looking at, when the app is about to render exactly that page: the head
 * script showed it (its page, in English), and neither the hash nor the language has changed
 * since (a click on one of its links before the app started leads elsewhere). Otherwise null,
 * and the app renders from scratch over whatever is there.
 */
export function shownMarkup(
  root: HTMLElement,
  language: Language,
  hash: string = window.location.hash,
): HTMLElement | null {
  if (language !== 'en') return null;
  const shown = document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE);
  const page = prerenderedPageOf(hash);
  if (page === null || shown !== page) return null;
  return root.querySelector<HTMLElement>(`:scope > [${PRERENDER_ATTRIBUTE}="${page}"]`);
}

/**
 * Removes the other pages' hidden markup from `#root`, so the document holds each id once
 * (`main`, the home sections) and the page React adopts is the only one there.
 */
export function dropOtherMarkup(root: HTMLElement, kept: HTMLElement): void {
  for (const markup of root.querySelectorAll(`:scope > [${PRERENDER_ATTRIBUTE}]`)) {
    if (markup !== kept) markup.remove();
  }
}
