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
