/**
 * Every outbound link of the site, in one place. The values are ours (project-owned
 * placeholders that look like the real thing) and are the only thing to edit when the
 * real destinations change; see `apps/client/README.md`.
 */
export const links = {
  whitepaperEn: 'https://docs.frustratedbeasttoken.com/whitepaper-en.pdf',
  whitepaperIt: 'https://docs.frustratedbeasttoken.com/whitepaper-it.pdf',
  terms: 'https://docs.frustratedbeasttoken.com/terms-and-services.pdf',
  auditReport: 'https://audits.beastguard.io/reports/frustrated-beast-token.pdf',
  telegram: 'https://t.me/frustratedbeasttoken',
  x: 'https://x.com/frustratedbeast',
  nftMarketplace: 'https://magiceden.io/marketplace/frustrated_beast_scream',
  marketplace: 'https://market.frustratedbeasttoken.com',
  mammamiaFirstStep: 'https://t.me/frustratedbeasttoken/1',
  partnerMail: 'mailto:partners@frustratedbeasttoken.com',
  solana: 'https://solana.com',
} as const;

/** Names of the links above. */
export type LinkId = keyof typeof links;
