/**
 * The site's outbound links, by name. Each is the operator's to configure (the BFF's
 * `PUBLIC_LINKS`, published in `GET /api/v1/config`); an unconfigured link is not shown.
 */
export const SITE_LINK_NAMES = [
  'whitepaperEn',
  'whitepaperIt',
  'terms',
  'auditReport',
  'telegram',
  'x',
  'marketplace',
  'nftMarketplace',
  'partnerMail',
  'mammamiaFirstStep',
] as const;

/** Name of one of the site's outbound links. */
export type SiteLinkName = (typeof SITE_LINK_NAMES)[number];

/** The configured links; a missing name is an unconfigured link. */
export type SiteLinks = Partial<Record<SiteLinkName, string>>;

/** Where the BFF serves the operator's documents (its `CONTENT_DIR`). */
export const CONTENT_PATH_PREFIX = '/content/';

/** A file name the content route serves: no directories, no leading dot. */
const CONTENT_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A plain mail address after `mailto:` (an optional `?subject=…` query is allowed). */
const MAILTO_PATTERN = /^mailto:[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]+(\?[^\s#]*)?$/;

export function isSiteLinkName(name: string): name is SiteLinkName {
  return (SITE_LINK_NAMES as readonly string[]).includes(name);
}

/** The file a `/content/<file>` link names, or null when the link is not a content path. */
export function contentFileOf(link: string): string | null {
  if (!link.startsWith(CONTENT_PATH_PREFIX)) return null;
  const file = link.slice(CONTENT_PATH_PREFIX.length);
  return CONTENT_FILE_PATTERN.test(file) && !file.includes('..') ? file : null;
}

/**
 * Why `value` cannot be the link `name`, or null when it can: the partner mail is a `mailto:`
 * address; every other link is an absolute `https://` URL or a document the BFF serves
 * (`/content/<file>`).
 */
export function siteLinkProblem(name: SiteLinkName, value: string): string | null {
  if (name === 'partnerMail') {
    return MAILTO_PATTERN.test(value)
      ? null
      : `must be a mailto: address like mailto:partners@example.com (got "${value}")`;
  }
  if (value.startsWith(CONTENT_PATH_PREFIX)) {
    return contentFileOf(value) === null
      ? `must name one file in the content directory, like /content/whitepaper-en.pdf (got "${value}")`
      : null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be an https:// URL or a /content/<file> path (got "${value}")`;
  }
  if (url.protocol !== 'https:') return `must be an https:// URL (got ${url.protocol}//…)`;
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  return null;
}

/**
 * The configured links the site can use, from a config body's `links` (unknown names and
 * values that break the rules are dropped, so the site never shows a dead or unsafe link).
 */
export function readSiteLinks(links: unknown): SiteLinks {
  const result: SiteLinks = {};
  if (typeof links !== 'object' || links === null) return result;
  for (const [name, value] of Object.entries(links)) {
    if (
      isSiteLinkName(name) &&
      typeof value === 'string' &&
      siteLinkProblem(name, value) === null
    ) {
      result[name] = value;
    }
  }
  return result;
}
