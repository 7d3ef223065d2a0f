import type { PresaleState } from './presale-state';
import { solToLamports } from './units';

/** The three presale pages. */
export const PRESALE_VARIANTS = ['public', 'private', 'leader'] as const;
export type PresaleVariant = (typeof PRESALE_VARIANTS)[number];

/** True for one of the three variant names. */
export function isPresaleVariant(value: string): value is PresaleVariant {
  return (PRESALE_VARIANTS as readonly string[]).includes(value);
}

/** Display target of the public page: 100 SOL. */
export const PUBLIC_TARGET_LAMPORTS = solToLamports(100);
/** Display target of the leader page: 800 SOL. */
export const LEADER_TARGET_LAMPORTS = solToLamports(800);

/**
 * The 'SOL Target' of a presale page: 100 SOL on the public page, 800 SOL on the leader page,
 * and the on-chain `maxTotalBuyable` on the private page.
 */
export function computePresaleTarget(variant: PresaleVariant, state: PresaleState): bigint {
  switch (variant) {
    case 'public':
      return PUBLIC_TARGET_LAMPORTS;
    case 'leader':
      return LEADER_TARGET_LAMPORTS;
    case 'private':
      return state.maxTotalBuyable;
  }
}

/** The purchase box's flags per page: private on the private route, leader on the leader page. */
export function presaleFlags(variant: PresaleVariant): { isPrivate: boolean; isLeader: boolean } {
  return { isPrivate: variant === 'private', isLeader: variant === 'leader' };
}

/** Route names reserved by the site; the private route must not collide with them. */
export const RESERVED_ROUTE_NAMES: ReadonlySet<string> = new Set([
  '',
  'roadmap',
  'live',
  'presale',
  'leader',
  'mammamia',
  'swap',
  'leaderboard',
  'marketplace',
  'verify',
]);

/** True for a private route name the site can serve: lowercase letters, digits, dashes; not reserved. */
export function isValidPrivateRouteName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,31}$/.test(name) && !RESERVED_ROUTE_NAMES.has(name);
}
