import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_PACKAGE_DIR, PROGRAM_VERSIONS, readProgramElf } from '../src/artifacts';
import { buildProgram } from '../src/build-program';
import {
  readSecurityTxtSource,
  SECURITY_TXT_BEGIN,
  SECURITY_TXT_END,
  SECURITY_TXT_FIELDS,
} from '../src/security-txt';
import {
  countOccurrences,
  indexOfBytes,
  readSecurityTxtLikeAnExplorer,
} from './support/explorer-security-txt';

const source = readSecurityTxtSource();
/** The committed source's fields, in the order the program holds them. */
const expected = SECURITY_TXT_FIELDS.flatMap((name) => {
  const value = source[name];
  return value === undefined ? [] : [[name, value] as const];
});

/** The file ranges of the ELF's loaded segments that are readable but not executable. */
function readOnlySegments(elf: Uint8Array): { start: number; end: number }[] {
  const view = new DataView(elf.buffer, elf.byteOffset, elf.byteLength);
  const phoff = Number(view.getBigUint64(32, true));
  const phnum = view.getUint16(56, true);
  const segments: { start: number; end: number }[] = [];
  for (let index = 0; index < phnum; index += 1) {
    const header = phoff + index * 56;
    const type = view.getUint32(header, true);
    const flags = view.getUint32(header + 4, true);
    const PT_LOAD = 1;
    const PF_X = 1;
    const PF_W = 2;
    if (type !== PT_LOAD || (flags & (PF_X | PF_W)) !== 0) continue;
    const start = Number(view.getBigUint64(header + 8, true));
    segments.push({ start, end: start + Number(view.getBigUint64(header + 32, true)) });
  }
  return segments;
}

describe.each(PROGRAM_VERSIONS)('the security.txt of dist/presale.%s.so', (version) => {
  const elf = readProgramElf(version);

  it('reads, as an explorer reads it, exactly the fields of security.json', () => {
    expect([...readSecurityTxtLikeAnExplorer(elf)]).toEqual(expected);
  });

  it('is there once, whole, in a read-only loaded segment', () => {
    expect(countOccurrences(elf, SECURITY_TXT_BEGIN)).toBe(1);
    expect(countOccurrences(elf, SECURITY_TXT_END)).toBe(1);
    const start = indexOfBytes(elf, new TextEncoder().encode(SECURITY_TXT_BEGIN));
    const end =
      indexOfBytes(elf, new TextEncoder().encode(SECURITY_TXT_END)) + SECURITY_TXT_END.length;
    const segments = readOnlySegments(elf);
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.some((segment) => segment.start <= start && end <= segment.end)).toBe(true);
  });
});

describe('security.json and the committed builds', () => {
  it('holds the name and the required fields of the convention', () => {
    expect(source.name).toBe('Frustrated Beast Token presale');
    expect(Object.keys(source)).toEqual(
      expect.arrayContaining(['name', 'project_url', 'contacts', 'policy']),
    );
  });

  it('a changed source gives other bytes, so the committed builds no longer match it', () => {
    const changed = { ...source, contacts: 'email:another-team@fbt-presale.example' };
    const rebuilt = buildProgram({ installClang: false, securityTxt: changed });
    for (const version of PROGRAM_VERSIONS) {
      const fresh = rebuilt.get(version) ?? new Uint8Array();
      expect(readSecurityTxtLikeAnExplorer(fresh).get('contacts')).toBe(changed.contacts);
      expect(readSecurityTxtLikeAnExplorer(readProgramElf(version)).get('contacts')).not.toBe(
        changed.contacts,
      );
    }
  });

  it("SECURITY.md at the repository's root names the embedded contacts and policy", () => {
    const policy = readFileSync(join(PROGRAM_PACKAGE_DIR, '..', '..', 'SECURITY.md'), 'utf8');
    const contacts = /^- Contacts: `([^`]+)`$/m.exec(policy)?.[1];
    const url = /^- Policy: <([^>]+)>$/m.exec(policy)?.[1];
    for (const version of PROGRAM_VERSIONS) {
      const embedded = readSecurityTxtLikeAnExplorer(readProgramElf(version));
      expect(contacts).toBe(embedded.get('contacts'));
      expect(url).toBe(embedded.get('policy'));
    }
  });
});
