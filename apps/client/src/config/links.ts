/**
 * The site's own outbound links. Every other destination (whitepapers, terms, audit report,
 * socials, marketplaces, partner mail, Mamma Mia) is the operator's, configured on the BFF
 * (`PUBLIC_LINKS`, see apps/bff/README.md) and read with `useSiteContent()`; an unconfigured
 * one is not shown.
 */
export const ownLinks = {
  solana: 'https://solana.com',
} as const;
