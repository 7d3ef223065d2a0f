import { fileURLToPath } from 'node:url';

/**
 * The local stack's sample content: small PDFs that say they are samples, served by the BFF
 * from `CONTENT_DIR` and linked from the site, which marks them as sample content. A real
 * deployment sets its own `PUBLIC_LINKS` / `CONTENT_DIR` (apps/bff/README.md).
 */
export const SAMPLE_CONTENT_DIR = fileURLToPath(new URL('../sample-content/', import.meta.url));

/** The sample documents: file name, title and text (Latin-1 only: the PDFs use WinAnsi). */
export const SAMPLE_DOCUMENTS = [
  {
    file: 'whitepaper-en.pdf',
    link: 'whitepaperEn',
    title: 'FBT Whitepaper - SAMPLE DOCUMENT',
    lines: [
      'This is a sample document shipped with the local FBT presale stack.',
      'It is not the Frustrated Beast Token whitepaper.',
      'The operator replaces it by setting PUBLIC_LINKS and CONTENT_DIR.',
    ],
  },
  {
    file: 'whitepaper-it.pdf',
    link: 'whitepaperIt',
    title: 'Whitepaper FBT - DOCUMENTO DI ESEMPIO',
    lines: [
      'Questo è un documento di esempio fornito con lo stack locale della prevendita FBT.',
      'Non è il whitepaper del Frustrated Beast Token.',
      "L'operatore lo sostituisce impostando PUBLIC_LINKS e CONTENT_DIR.",
    ],
  },
  {
    file: 'terms.pdf',
    link: 'terms',
    title: 'Terms & Services - SAMPLE DOCUMENT',
    lines: [
      'This is a sample document shipped with the local FBT presale stack.',
      'It states no terms: the operator publishes the real terms before any sale.',
    ],
  },
] as const;

/** The BFF environment of the sample content (`npm start` on the local chain, by default). */
export function sampleContentEnv(): Record<string, string> {
  return {
    CONTENT_DIR: SAMPLE_CONTENT_DIR,
    PUBLIC_LINKS: JSON.stringify(
      Object.fromEntries(SAMPLE_DOCUMENTS.map((doc) => [doc.link, `/content/${doc.file}`])),
    ),
    SAMPLE_CONTENT: 'true',
  };
}

/** A PDF string literal: backslash, parentheses escaped. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/**
 * A minimal valid PDF 1.4 (one A4 page, Helvetica, WinAnsi) with a title and lines of text,
 * written by hand: catalog, pages, page, font, content stream, an exact cross-reference table
 * and trailer. Deterministic (no dates or ids), so the committed files can be checked against it.
 */
export function samplePdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT',
    '/F1 20 Tf',
    '56 770 Td',
    `${pdfString(title)} Tj`,
    '/F1 12 Tf',
    '0 -36 Td',
    ...lines.flatMap((line) => [`${pdfString(line)} Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');
  const content = Buffer.from(text, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
