import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { configResponseSchema } from '@fbt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

const PDF = '%PDF-1.4\n% sample\n%%EOF\n';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('loadConfig accepted the environment');
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fbt-content-'));
  writeFileSync(join(dir, 'whitepaper-en.pdf'), PDF);
  writeFileSync(join(dir, '.secret.pdf'), PDF);
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'inner.pdf'), PDF);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the site content configuration', () => {
  it('takes known links by their rules, a content directory, the audit firm and the sample flag', () => {
    const config = loadConfig({
      PUBLIC_LINKS: JSON.stringify({
        whitepaperEn: '/content/whitepaper-en.pdf',
        telegram: ' https://t.me/fbt ',
        partnerMail: 'mailto:partners@example.org',
        auditReport: 'https://audits.example.org/fbt.pdf',
      }),
      CONTENT_DIR: dir,
      AUDIT_FIRM: 'Example Audits',
      SAMPLE_CONTENT: 'true',
    });
    expect(config.PUBLIC_LINKS).toEqual({
      whitepaperEn: '/content/whitepaper-en.pdf',
      telegram: 'https://t.me/fbt',
      partnerMail: 'mailto:partners@example.org',
      auditReport: 'https://audits.example.org/fbt.pdf',
    });
    expect(config.AUDIT_FIRM).toBe('Example Audits');
    expect(config.SAMPLE_CONTENT).toBe(true);
    expect(loadConfig({}).SAMPLE_CONTENT).toBe(false);
  });

  it('names every bad link at once: unknown names, http, non-mail partner, bad JSON shapes', () => {
    const problems = problemsOf({
      PUBLIC_LINKS: JSON.stringify({
        whitepaper: 'https://example.org/wp.pdf',
        telegram: 'http://t.me/fbt',
        partnerMail: 'partners@example.org',
        x: 42,
      }),
    });
    expect(problems).toEqual([
      'PUBLIC_LINKS.whitepaper: unknown link name (known: whitepaperEn, whitepaperIt, terms, auditReport, telegram, x, marketplace, nftMarketplace, partnerMail, mammamiaFirstStep)',
      'PUBLIC_LINKS.telegram: must be an https:// URL (got http://…)',
      'PUBLIC_LINKS.partnerMail: must be a mailto: address like mailto:partners@example.com (got "partners@example.org")',
      'PUBLIC_LINKS.x: must be a string',
    ]);
    expect(problemsOf({ PUBLIC_LINKS: '["https://x.com"]' })).toEqual([
      'PUBLIC_LINKS: must be a JSON object of link name -> URL',
    ]);
    expect(problemsOf({ PUBLIC_LINKS: '{' })[0]).toMatch(
      /^PUBLIC_LINKS: must be a JSON object of link name -> URL \(.+\)$/,
    );
  });

  it('refuses an audit report without the firm on its badge, and the reverse', () => {
    const pair =
      'PUBLIC_LINKS.auditReport and AUDIT_FIRM: set both (the report and the firm named on the audit badge) or neither';
    expect(
      problemsOf({ PUBLIC_LINKS: '{"auditReport":"https://audits.example.org/fbt.pdf"}' }),
    ).toEqual([pair]);
    expect(problemsOf({ AUDIT_FIRM: 'Nobody' })).toEqual([pair]);
  });

  it('refuses content links without a content directory or a file there', () => {
    expect(problemsOf({ PUBLIC_LINKS: '{"terms":"/content/terms.pdf"}' })).toEqual([
      'PUBLIC_LINKS.terms: /content/terms.pdf needs CONTENT_DIR (the directory it is in)',
    ]);
    expect(
      problemsOf({ PUBLIC_LINKS: '{"terms":"/content/terms.pdf"}', CONTENT_DIR: dir }),
    ).toEqual([`PUBLIC_LINKS.terms: /content/terms.pdf is not a file in CONTENT_DIR (${dir})`]);
    expect(problemsOf({ CONTENT_DIR: join(dir, 'missing') })).toEqual([
      `CONTENT_DIR: ${join(dir, 'missing')} is not a readable directory`,
    ]);
    expect(problemsOf({ PUBLIC_LINKS: '{"terms":"/content/../package.json"}' })).toEqual([
      'PUBLIC_LINKS.terms: must name one file in the content directory, like /content/whitepaper-en.pdf (got "/content/../package.json")',
    ]);
  });
});

describe('GET /api/v1/config and /content/*', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(createTestWorld(), {
      settings: {
        ...TEST_SETTINGS,
        publicLinks: { whitepaperEn: '/content/whitepaper-en.pdf' },
        siteContent: { sample: true, auditFirm: null },
        contentDir: dir,
      },
    });
  });
  afterAll(() => app.close());

  it('publishes the links and the content block', async () => {
    const response = await app.inject('/api/v1/config');
    const body = configResponseSchema.parse(response.json());
    expect(body.links).toEqual({ whitepaperEn: '/content/whitepaper-en.pdf' });
    expect(body.content).toEqual({ sample: true, auditFirm: null });
  });

  it('serves a document as application/pdf with ETag, Last-Modified and a short max-age', async () => {
    const response = await app.inject('/content/whitepaper-en.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^(W\/)?"/);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    expect(response.body).toBe(PDF);

    const again = await app.inject({
      url: '/content/whitepaper-en.pdf',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await app.inject({
      url: '/content/whitepaper-en.pdf',
      headers: { 'if-modified-since': String(response.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it.each([
    '/content/../package.json',
    '/content/%2e%2e/package.json',
    '/content/..%2fpackage.json',
    '/content/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/content/.secret.pdf',
    '/content/sub/',
    '/content/',
    '/content/missing.pdf',
  ])('answers %s without leaving the directory or leaking a dotfile', async (url) => {
    const response = await app.inject(url);
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('%PDF');
    expect(response.body).not.toContain('"name"');
  });

  it('serves nothing at /content/ when no directory is configured', async () => {
    const bare = await startApp(createTestWorld(), { settings: TEST_SETTINGS });
    expect((await bare.inject('/content/whitepaper-en.pdf')).statusCode).toBe(404);
    const config = configResponseSchema.parse((await bare.inject('/api/v1/config')).json());
    expect(config.content).toEqual({ sample: false, auditFirm: null });
    await bare.close();
  });
});
