/**
 * Why a `REDIS_URL` cannot be used, or null. The message names the problem without echoing the
 * URL (it may hold a password).
 */
export function redisUrlProblem(text: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return 'must start with redis:// or rediss:// (e.g. redis://host:6379)';
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be a URL like redis://host:6379 or rediss://host:6380 (not parseable)';
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    return `must start with redis:// or rediss:// (got ${url.protocol.slice(0, 20)}//)`;
  }
  if (url.hostname === '') return 'must name a host (redis://host:6379)';
  const database = url.pathname.replace(/^\//, '');
  if (database !== '' && !/^\d{1,2}$/.test(database)) {
    return 'the path must be a database number (redis://host:6379/0)';
  }
  return null;
}
