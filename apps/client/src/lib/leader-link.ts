import { leaderBlinkUrl } from '@fbt/domain';

/**
 * The share link of a leader code: the leader page of this site with the code in the hash
 * route's query (`parseLeaderCodeFromUrl` reads it back).
 *
 * @example leaderLink('https://fbt.example/', 'beast42') // 'https://fbt.example/#/leader?code=beast42'
 */
export function leaderLink(siteUrl: string, code: string): string {
  const base = siteUrl.split('#')[0] ?? siteUrl;
  return `${base}#/leader?code=${encodeURIComponent(code)}`;
}

/**
 * The Blink link of a leader code (`/leader?code=…` at the site's origin, which `/actions.json`
 * maps to the leader presale's Action and which opens the leader page in a browser), or null
 * when there is none to offer: a malformed code, or a page origin that is not http(s) (a
 * saved copy of the page, say), where no Action is served.
 *
 * @example leaderBlinkLink('https://fbt.example', 'beast42') // 'https://fbt.example/leader?code=beast42'
 */
export function leaderBlinkLink(origin: string, code: string): string | null {
  try {
    return leaderBlinkUrl(origin, code);
  } catch {
    return null;
  }
}
