/**
 * Whether the top bar shows the connect button: on the private
 * route, swap and presale; on leader only on desktop. Matching is on the route's first path
 * segment rather than a substring of the whole address, so 'leaderboard' does not count as
 * 'leader' and a leader code in the query cannot switch the button on elsewhere.
 */
export function isConnectButtonVisible(
  pathname: string,
  privateRouteName: string,
  isMobile: boolean,
): boolean {
  const segment = firstSegment(pathname);
  if (segment === 'presale' || segment === 'swap' || segment === privateRouteName) return true;
  return segment === 'leader' && !isMobile;
}

/** Whether {@link isConnectButtonVisible} depends on `isMobile` for this path: leader only. */
export function isWidthDependent(pathname: string): boolean {
  return firstSegment(pathname) === 'leader';
}

function firstSegment(pathname: string): string {
  return pathname.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}
