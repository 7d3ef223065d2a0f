import { describe, expect, it } from 'vitest';
import { readSiteContent } from './site-content';

describe('site content from /api/v1/config', () => {
  it('keeps valid known links, the sample flag and the audit firm with its report', () => {
    expect(
      readSiteContent({
        links: {
          whitepaperEn: '/content/whitepaper-en.pdf',
          auditReport: 'https://audits.example.org/fbt.pdf',
          telegram: 'http://insecure.example',
        },
        content: { sample: true, auditFirm: 'Example Audits' },
      }),
    ).toEqual({
      links: {
        whitepaperEn: '/content/whitepaper-en.pdf',
        auditReport: 'https://audits.example.org/fbt.pdf',
      },
      sample: true,
      auditFirm: 'Example Audits',
      isPending: false,
    });
  });

  it.each([
    ['a firm without a report', { links: {}, content: { sample: false, auditFirm: 'X' } }],
    ['a report without a firm', { links: { auditReport: 'https://a.example/r.pdf' } }],
    ['no config at all', null],
  ])('claims no audit for %s', (_name, body) => {
    expect(readSiteContent(body).auditFirm).toBeNull();
  });

  it('an older BFF without the content block: no sample, no audit', () => {
    expect(readSiteContent({ links: {} })).toEqual({
      links: {},
      sample: false,
      auditFirm: null,
      isPending: false,
    });
  });
});
