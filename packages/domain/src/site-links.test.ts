import { describe, expect, it } from 'vitest';
import {
  SITE_LINK_NAMES,
  configResponseSchema,
  contentFileOf,
  isSiteLinkName,
  readSiteLinks,
  siteLinkProblem,
} from './index';

describe('site links', () => {
  it('knows the operator-owned links by name', () => {
    expect(SITE_LINK_NAMES).toContain('whitepaperEn');
    expect(SITE_LINK_NAMES).toContain('partnerMail');
    expect(isSiteLinkName('auditReport')).toBe(true);
    expect(isSiteLinkName('whitepaper')).toBe(false);
    expect(isSiteLinkName('solana')).toBe(false);
  });

  it.each([
    ['whitepaperEn', 'https://docs.example.org/wp-en.pdf'],
    ['terms', '/content/terms.pdf'],
    ['telegram', 'https://t.me/example'],
    ['partnerMail', 'mailto:partners@example.org'],
    ['partnerMail', 'mailto:partners@example.org?subject=Partner'],
  ] as const)('accepts %s = %j', (name, value) => {
    expect(siteLinkProblem(name, value)).toBeNull();
  });

  it.each([
    ['telegram', 'http://t.me/example', 'must be an https:// URL (got http://…)'],
    ['x', 'javascript:alert(1)', 'must be an https:// URL (got javascript://…)'],
    ['x', 'x.com/fbt', 'must be an https:// URL or a /content/<file> path (got "x.com/fbt")'],
    ['terms', 'https://user:pw@example.org/t.pdf', 'must not carry a user name or password'],
    [
      'terms',
      '/content/../secrets.pdf',
      'must name one file in the content directory, like /content/whitepaper-en.pdf (got "/content/../secrets.pdf")',
    ],
    ['terms', '/content/a/b.pdf', expect.stringContaining('must name one file')],
    ['terms', '/content/.env', expect.stringContaining('must name one file')],
    [
      'partnerMail',
      'https://example.org/contact',
      'must be a mailto: address like mailto:partners@example.com (got "https://example.org/contact")',
    ],
    ['partnerMail', 'mailto:nobody', expect.stringContaining('must be a mailto: address')],
  ] as const)('refuses %s = %j', (name, value, problem) => {
    expect(siteLinkProblem(name, value)).toEqual(problem);
  });

  it('reads the content file of a /content/ link', () => {
    expect(contentFileOf('/content/whitepaper-en.pdf')).toBe('whitepaper-en.pdf');
    expect(contentFileOf('/content/..pdf')).toBeNull();
    expect(contentFileOf('https://example.org/content/x.pdf')).toBeNull();
  });

  it('keeps only known, valid links from a config body', () => {
    expect(
      readSiteLinks({
        whitepaperEn: '/content/whitepaper-en.pdf',
        telegram: 'http://t.me/insecure',
        partnerMail: 'mailto:partners@example.org',
        future: 'https://example.org',
        x: 42,
      }),
    ).toEqual({
      whitepaperEn: '/content/whitepaper-en.pdf',
      partnerMail: 'mailto:partners@example.org',
    });
    expect(readSiteLinks(null)).toEqual({});
    expect(readSiteLinks('links')).toEqual({});
  });

  it('the config schema takes the content block, and a body without it', () => {
    const body = {
      cluster: 'localnet',
      rpcPath: '/rpc',
      explorerRpcUrl: null,
      programId: '11111111111111111111111111111111',
      mint: '11111111111111111111111111111111',
      tokenPriceLamports: '50000',
      fbtDecimals: 6,
      privateRouteName: 'private',
      variants: [],
      links: {},
    };
    expect(configResponseSchema.parse(body).content).toBeUndefined();
    const withContent = { ...body, content: { sample: true, auditFirm: null } };
    expect(configResponseSchema.parse(withContent).content).toEqual({
      sample: true,
      auditFirm: null,
    });
    expect(() => configResponseSchema.parse({ ...body, content: { sample: 'yes' } })).toThrow();
  });
});
