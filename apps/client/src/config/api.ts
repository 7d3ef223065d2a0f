/** Base path of the BFF's JSON API; the BFF serves this site, so it is same-origin. */
export const API_BASE = '/api/v1';

/** Websocket URL of the BFF's live stream, derived from the page location. */
export function streamUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_BASE}/stream`;
}
