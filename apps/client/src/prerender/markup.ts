/**
 * What the build does to the home page's server-rendered markup before it goes into index.html
 * (apps/client/vite-prerender.ts). Plain string functions, unit-tested beside this file.
 */

/** The attribute marking the prerendered markup inside `#root` (global.css shows it). */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/** The attribute the first-paint script sets on `<html>` (to `home`) to show that markup. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * The markup React emits ahead of the page for images it wants preloaded. Inside `#root` they
 * would only compete with the first paint for bandwidth: the hero picture is in the markup
 * with `fetchpriority="high"`, so the browser's preload scanner finds it at once anyway.
 */
const REACT_PRELOAD_LINKS = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * Makes the router's links hash links: rendered without a window, `<Link to="/presale">` has
 * `href="/presale"`; in the browser the hash router's is `#/presale`, and a click before the
 * script has run must land where it will afterwards. Only root-relative hrefs start with one
 * slash; protocol-relative (`//`) and absolute ones are left alone.
 */
export function toHashLinks(markup: string): string {
  return markup.replace(/ href="\/(?!\/)/g, ' href="#/');
}

/** The rendered page as it goes into index.html: hash links, no preload links. */
export function pageMarkup(rendered: string): string {
  return toHashLinks(rendered.replace(REACT_PRELOAD_LINKS, ''));
}

/**
 * Puts the page's markup into `<div id="root">`, wrapped in a `hidden` element that the
 * first-paint script reveals for home (see vite-first-paint.ts): hidden by the HTML itself,
 * it stays hidden on every other route, for an Italian visitor, and if that script never runs.
 */
export function injectPrerender(html: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender: index.html has no empty ${root}`);
  // A replacer function: the markup's own text (a '$&' in a translation) is never a pattern.
  return html.replace(
    root,
    () => `<div id="root"><div ${PRERENDER_ATTRIBUTE} hidden>${markup}</div></div>`,
  );
}

/** The files the markup refers to by root-relative URL (`src="/assets/…"`, `href="/x.pdf"`). */
export function assetReferences(markup: string, base: string): string[] {
  const urls = new Set<string>();
  for (const match of markup.matchAll(/ (?:src|href)="([^"]+)"/g)) {
    const url = match[1] ?? '';
    if (url.startsWith(base) && !url.startsWith('//')) urls.add(url.slice(base.length));
  }
  return [...urls];
}
