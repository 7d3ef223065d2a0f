import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRESALE_ERRORS } from '@fbt/presale-client';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('the custom error table', () => {
  const fromTs = Object.entries(PRESALE_ERRORS).map(
    ([code, e]) => [Number(code), e.name, e.message] as const,
  );

  it('README.md documents every code with the client’s name and message', () => {
    const rows = [
      ...read('../README.md').matchAll(/^\| (\d{4}) \| 0x([0-9a-f]+) \| (\w+)\s*\| (.+?)\s*\|$/gm),
    ];
    expect(rows.map((r) => [Number(r[1]), r[3], r[4]])).toEqual(fromTs);
    expect(rows.every((r) => Number.parseInt(r[2] ?? '', 16) === Number(r[1]))).toBe(true);
  });

  it('c/presale.h defines the same codes, in the same order', () => {
    const codes = [...read('../c/presale.h').matchAll(/^\s+E_[A-Z0-9_]+ = (\d+),$/gm)].map((m) =>
      Number(m[1]),
    );
    expect(codes).toEqual(fromTs.map(([code]) => code));
  });
});
