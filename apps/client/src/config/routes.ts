/**
 * Route paths (hash history: they sit after `#`). The private presale route name is not
 * here: it comes from the BFF (`GET /api/v1/config`), defaulting to {@link DEFAULT_PRIVATE_ROUTE}.
 */
export const paths = {
  home: '/',
  roadmap: '/roadmap',
  live: '/live',
  presale: '/presale',
  leader: '/leader',
  /** The leader earnings page, linked from the leader page (no menu entry: see README). */
  leaderEarnings: '/leader/earnings',
  leaderboard: '/leaderboard',
  swap: '/swap',
  mammamia: '/mammamia',
  /** "Verify this sale": the chain's facts, checked in the browser. */
  verify: '/verify',
} as const;

/** Private presale route name used until (or if) the BFF says otherwise. */
export const DEFAULT_PRIVATE_ROUTE = 'private';

/** The site's breakpoints (px): mobile menu/title, character image, narrow layout. */
export const breakpoints = { menu: 768, character: 600, narrow: 500 } as const;
