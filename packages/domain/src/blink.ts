import { DomainError } from './domain-error';
import { isValidLeaderCode } from './leader';
import type { PresaleVariant } from './presale-variant';

/**
 * Links of the presale's Solana Action (a "Blink"): the Action API the BFF serves, and the
 * site's path-form links that `/actions.json` maps to it. The site's own pages use hash routes
 * (`/#/leader?code=…`), which a Blink client cannot map (it matches the path only), so the BFF
 * also answers `/presale`, `/leader` and `/<private route>` by redirecting a browser to the
 * hash route: one link that unfurls as a Blink where Blinks render and opens the page elsewhere.
 */

/** Path of the presale Action API; the variant follows it. */
export const PRESALE_ACTION_PATH = '/api/actions/presale';

/**
 * The site origin without a trailing slash. Throws `BLINK__INVALID_ORIGIN` for anything that is
 * not a bare http(s) origin (a path, query or fragment would end up inside every link).
 */
export function normalizeSiteOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new DomainError('BLINK__INVALID_ORIGIN', { origin });
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '';
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || url.username !== '') {
    throw new DomainError('BLINK__INVALID_ORIGIN', { origin });
  }
  return url.origin;
}

function checkedCode(code: string): string {
  if (!isValidLeaderCode(code)) throw new DomainError('LEADER__INVALID_CODE', { code });
  return code;
}

/**
 * The Action URL of a presale (what a Blink client GETs and POSTs), with the leader code on the
 * leader presale.
 *
 * @example
 * presaleActionUrl('https://fbt.example', 'leader', 'beast42');
 * // 'https://fbt.example/api/actions/presale/leader?code=beast42'
 */
export function presaleActionUrl(
  origin: string,
  variant: PresaleVariant,
  leaderCode?: string,
): string {
  const base = `${normalizeSiteOrigin(origin)}${PRESALE_ACTION_PATH}/${variant}`;
  return leaderCode === undefined ? base : `${base}?code=${checkedCode(leaderCode)}`;
}

/**
 * The path-form site link of a presale page (mapped to its Action by `/actions.json`):
 * `/presale`, `/leader`, or the private route name.
 */
export function presaleSitePath(variant: PresaleVariant, privateRouteName: string): string {
  switch (variant) {
    case 'public':
      return '/presale';
    case 'leader':
      return '/leader';
    case 'private':
      return `/${privateRouteName}`;
  }
}

/**
 * A leader's Blink URL, to share next to the plain page link: in X (and any Blink-aware wallet
 * or extension) it unfurls into buy buttons that credit the code on chain; anywhere else it
 * opens the leader presale page with the code. Throws `LEADER__INVALID_CODE` for a malformed
 * code and `BLINK__INVALID_ORIGIN` for an origin with a path.
 *
 * @example
 * leaderBlinkUrl('https://fbt.example/', 'beast42'); // 'https://fbt.example/leader?code=beast42'
 */
export function leaderBlinkUrl(origin: string, code: string): string {
  return `${normalizeSiteOrigin(origin)}/leader?code=${checkedCode(code)}`;
}

/**
 * The same Action opened through a Blink interstitial site (the Solana Actions
 * `?action=solana-action:` form), for places that render no Blinks themselves (Telegram, e-mail).
 *
 * @example
 * blinkInterstitialUrl('https://fbt.example/api/actions/presale/public');
 * // 'https://dial.to/?action=solana-action%3Ahttps%3A%2F%2Ffbt.example%2Fapi%2Factions%2Fpresale%2Fpublic'
 */
export function blinkInterstitialUrl(actionUrl: string, interstitial = 'https://dial.to/'): string {
  const url = new URL(interstitial);
  url.searchParams.set('action', `solana-action:${actionUrl}`);
  return url.toString();
}
