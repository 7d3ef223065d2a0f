/**
 * What the build does to the pages' server-rendered markup before it goes into index.html
 * (apps/client/vite-prerender.ts). Plain string functions, unit-tested beside this file.
 */

/**
 * The pages whose first paint is markup rendered at build time, by name, with their router
 * path: home, the public presale page, where a shared presale link lands, and the leader page,
 * where a leader's link lands (`#/leader?code=…`: the query aside, it is one page; its code is
 * read once the app runs, see `useLeaderCode`).
 */
export const PRERENDERED_PAGES = { home: '/', presale: '/presale', leader: '/leader' } as const;
export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** The attribute marking a page's prerendered markup inside `#root`, set to the page's name. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/**
 * The attribute the first-paint script sets on `<html>`, to the page's name, to show that
 * page's markup (global.css has a rule per page).
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** A router path as the pages are looked up by: no trailing slash (home is ''). */
const pathKey = (path: string): string => path.replace(/\/+$/, '');

/**
 * {@link PRERENDERED_PAGES} by {@link pathKey}: the one lookup `prerenderedPageOf` and the
 * head script (vite-first-paint.ts, which carries it as JSON) both decide by.
 */
export const PRERENDERED_PAGE_BY_PATH: Readonly<Record<string, PrerenderedPage>> =
  Object.fromEntries(
    Object.entries(PRERENDERED_PAGES).map(([page, path]) => [pathKey(path), page]),
  ) as Record<string, PrerenderedPage>;

/**
 * The prerendered page a hash URL opens, if any: its path exactly (a query aside, trailing
 * slashes ignored, as the router does), so `#/presale/x` (not found) is not the presale page.
 */
export function prerenderedPageOf(hash: string): PrerenderedPage | null {
  const path = pathKey(hash.replace(/^#/, '').split(/[?#]/)[0] ?? '');
  return Object.hasOwn(PRERENDERED_PAGE_BY_PATH, path)
    ? (PRERENDERED_PAGE_BY_PATH[path] ?? null)
    : null;
}

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
 * Puts each page's markup into `<div id="root">`, each wrapped in a `hidden` element that the
 * first-paint script reveals for its page (see vite-first-paint.ts): hidden by the HTML
 * itself, a page's markup stays hidden on every other route, for an Italian visitor, and if
 * that script never runs.
 */
export function injectPrerender(
  html: string,
  pages: ReadonlyArray<{ readonly page: PrerenderedPage; readonly markup: string }>,
): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender: index.html has no empty ${root}`);
  const wrapped = pages
    .map(({ page, markup }) => `<div ${PRERENDER_ATTRIBUTE}="${page}" hidden>${markup}</div>`)
    .join('');
  // A replacer function: the markup's own text (a '$&' in a translation) is never a pattern.
  return html.replace(root, () => `<div id="root">${wrapped}</div>`);
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
