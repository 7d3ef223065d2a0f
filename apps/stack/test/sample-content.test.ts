import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@fbt/bff';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_CONTENT_DIR,
  SAMPLE_DOCUMENTS,
  sampleContentEnv,
  samplePdf,
} from '../src/sample-content';

describe('the local stack sample content', () => {
  it.each(SAMPLE_DOCUMENTS.map((doc) => [doc.file, doc] as const))(
    '%s is the committed output of samplePdf and a well-formed PDF saying it is a sample',
    (file, doc) => {
      const committed = readFileSync(join(SAMPLE_CONTENT_DIR, file));
      expect(committed.equals(samplePdf(doc.title, doc.lines))).toBe(true);
      const text = committed.toString('latin1');
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.endsWith('%%EOF\n')).toBe(true);
      expect(text).toMatch(/SAMPLE DOCUMENT|DOCUMENTO DI ESEMPIO/);
      // Every cross-reference entry points at its object, and startxref at the table.
      const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
      expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
      const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)];
      expect(entries).toHaveLength(5);
      entries.forEach((entry, index) => {
        const offset = Number(entry[1]);
        const header = `${index + 1} 0 obj\n`;
        expect(text.slice(offset, offset + header.length)).toBe(header);
      });
      // The stream's /Length is its exact byte length.
      const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
      expect(Number(stream?.[1])).toBe(Buffer.byteLength(stream?.[2] ?? '', 'latin1'));
    },
  );

  it('escapes parentheses and backslashes in the text', () => {
    const pdf = samplePdf('A (b) \\ c', []).toString('latin1');
    expect(pdf).toContain('(A \\(b\\) \\\\ c) Tj');
  });

  it('is a configuration the BFF accepts, marked as sample', () => {
    const config = loadConfig(sampleContentEnv());
    expect(config.SAMPLE_CONTENT).toBe(true);
    expect(config.PUBLIC_LINKS).toEqual({
      whitepaperEn: '/content/whitepaper-en.pdf',
      whitepaperIt: '/content/whitepaper-it.pdf',
      terms: '/content/terms.pdf',
    });
    expect(config.PUBLIC_LINKS.auditReport).toBeUndefined();
  });
});
