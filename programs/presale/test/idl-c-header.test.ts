/**
 * c/presale.h against the IDL: every tag, data length, account count, field offset, size,
 * account kind, layout version, leader rule constant, leader code character and error code of
 * the IDL is a `_Static_assert` compiled against the header with clang-19 for the program's
 * target (a missing clang-19 fails with the command to install it), and the header defines none
 * of those the IDL lacks.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_PACKAGE_DIR } from '../src/artifacts';
import { checkHeaderAgainstIdl, headerFacts, headerNames } from './support/c-checks';
import { readCommittedIdl } from '../src/idl/presale-idl';

const idl = readCommittedIdl();
const cDir = join(PROGRAM_PACKAGE_DIR, 'c');
const header = readFileSync(join(cDir, 'presale.h'), 'utf8');

/** A copy of c/ whose presale.h has `from` replaced by `to`. */
function withHeaderEdit(from: string, to: string, run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'fbt-presale-h-'));
  try {
    cpSync(cDir, dir, { recursive: true });
    expect(header).toContain(from);
    writeFileSync(join(dir, 'presale.h'), header.replace(from, to));
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('c/presale.h against the IDL', () => {
  it('agrees on every number the IDL states', () => {
    expect(() => checkHeaderAgainstIdl(idl)).not.toThrow();
    expect(headerFacts(idl).length).toBeGreaterThan(300);
  });

  it('defines no tag, length, count, offset or error the IDL lacks', () => {
    const known = new Set(headerFacts(idl).map((fact) => fact.macro));
    expect(headerNames(header).filter((name) => !known.has(name))).toEqual([]);
    expect(headerNames(header).length).toBeGreaterThan(100);
  });

  it.each([
    ['#define PS_MINT 112', '#define PS_MINT 113', /presaleAccount.mint's offset/],
    ['IX_SET_WINDOW = 10,', 'IX_SET_WINDOW = 11,', /setWindow's tag/],
    ['#define BUY_WITH_ACCOUNT_COUNT 11', '#define BUY_WITH_ACCOUNT_COUNT 12', /buyWith's account/],
    ['E_SALE_ENDED = 6042,', 'E_SALE_ENDED = 6043,', /error saleEnded's code/],
    ['#define MIN_LEADER_CODE_LEN 3', '#define MIN_LEADER_CODE_LEN 1', /shortest leader code/],
    ["(c) == '_' || (c) == '-')", "(c) == '_' || (c) == '.')", /byte 46 is not a leader code/],
  ])('fails when presale.h says %s as %s', (from, to, message) => {
    withHeaderEdit(from, to, (dir) => {
      expect(() => checkHeaderAgainstIdl(idl, dir)).toThrow(message);
    });
  });
});
