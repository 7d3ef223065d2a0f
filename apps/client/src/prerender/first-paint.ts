import type { Language } from '../lib/i18n/i18n';
import { FIRST_PAINT_ATTRIBUTE, PRERENDER_ATTRIBUTE } from './markup';

/**
 * Home's build-time markup (index.html's `#root > [data-prerender]`, see vite-prerender.ts),
 * when the visitor is looking at it and the app is about to render exactly that page: the
 * head script showed it (home, English), and neither the hash nor the language has changed
 * since (a click on one of its links before the app started leads elsewhere). Otherwise null,
 * and the app renders from scratch over whatever is there.
 */
export function shownHomeMarkup(
  root: HTMLElement,
  language: Language,
  hash: string = window.location.hash,
): HTMLElement | null {
  const markup = root.querySelector<HTMLElement>(`:scope > [${PRERENDER_ATTRIBUTE}]`);
  if (markup === null || language !== 'en') return null;
  if (document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE) !== 'home') return null;
  const route = hash.replace(/^#\/?/, '').split(/[/?#]/)[0];
  return route === '' ? markup : null;
}
