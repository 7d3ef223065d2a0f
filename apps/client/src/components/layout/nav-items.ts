import type { SiteLinkName } from '@fbt/domain';
import type { MessageKey } from '../../lib/i18n/en';

/**
 * Top bar entries. `route` items go to the hash route `/{id}`; `anchor` items go home and
 * scroll to the section with that id; `external` items open the operator's link in a new tab
 * (left out while it is not configured); `whitepaper` opens the 'Choose Language' dialog (left
 * out without a whitepaper).
 */
export type NavItem =
  | { id: string; label: MessageKey; kind: 'route'; to: string }
  | { id: string; label: MessageKey; kind: 'anchor'; anchor: string }
  | { id: string; label: MessageKey; kind: 'external'; link: SiteLinkName }
  | { id: string; label: MessageKey; kind: 'whitepaper' };

export const navItems: readonly NavItem[] = [
  { id: '', label: 'nav.home', kind: 'route', to: '/' },
  { id: 'roadmap', label: 'nav.roadmap', kind: 'route', to: '/roadmap' },
  { id: 'live', label: 'nav.live', kind: 'route', to: '/live' },
  { id: 'presale', label: 'nav.presale', kind: 'route', to: '/presale' },
  { id: 'leaderboard', label: 'nav.leaderboard', kind: 'route', to: '/leaderboard' },
  { id: 'swap', label: 'nav.swap', kind: 'route', to: '/swap' },
  { id: 'marketplace', label: 'nav.marketplace', kind: 'anchor', anchor: 'marketplace' },
  { id: 'nft', label: 'nav.nft', kind: 'external', link: 'nftMarketplace' },
  { id: 'whitepaper', label: 'nav.whitepaper', kind: 'whitepaper' },
];
