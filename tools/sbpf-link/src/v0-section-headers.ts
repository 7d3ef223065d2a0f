import {
  DYN_ENTRY_SIZE,
  REL_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_REL,
  SHT_STRTAB,
  SYMBOL_SIZE,
} from './elf-constants';
import type { SectionHeader } from './elf-write';

/** Every section name a v0 object can have; `.shstrtab` holds them all, used or not. */
const SECTION_NAMES = [
  '',
  '.text',
  '.rodata',
  '.dynamic',
  '.dynsym',
  '.dynstr',
  '.rel.dyn',
  '.shstrtab',
] as const;

type SectionName = (typeof SECTION_NAMES)[number];

/** Section header 0, all zeros as ELF requires. */
const NULL_SECTION: SectionHeader = {
  name: 0,
  type: SHT_NULL,
  flags: 0,
  address: 0,
  offset: 0,
  size: 0,
  link: 0,
  info: 0,
  align: 0,
  entrySize: 0,
};

/** File offset and size of each v0 section (rodata and rel.dyn are left out when empty). */
export interface V0SectionExtents {
  readonly textOffset: number;
  readonly textSize: number;
  readonly rodataOffset: number;
  readonly rodataSize: number;
  readonly dynamicOffset: number;
  readonly dynamicSize: number;
  readonly dynsymOffset: number;
  readonly dynsymSize: number;
  readonly dynstrOffset: number;
  readonly dynstrSize: number;
  readonly relOffset: number;
  readonly relSize: number;
  readonly shstrtabOffset: number;
  readonly shstrtabSize: number;
}

/** The `.shstrtab` bytes: the names, each NUL-terminated, in {@link SECTION_NAMES} order. */
export function sectionNameTable(): Uint8Array {
  return new TextEncoder().encode(`${SECTION_NAMES.join('\0')}\0`);
}

function nameOffset(name: SectionName): number {
  return SECTION_NAMES.slice(0, SECTION_NAMES.indexOf(name)).reduce(
    (sum, s) => sum + s.length + 1,
    0,
  );
}

/** A section loaded at vaddr == file offset, as everything in a v0 object but `.shstrtab`. */
function loaded(
  name: SectionName,
  type: number,
  flags: number,
  offset: number,
  size: number,
  fields: {
    readonly align: number;
    readonly link?: number;
    readonly info?: number;
    readonly entrySize?: number;
  },
): SectionHeader {
  return {
    name: nameOffset(name),
    type,
    flags,
    address: offset,
    offset,
    size,
    link: fields.link ?? 0,
    info: fields.info ?? 0,
    align: fields.align,
    entrySize: fields.entrySize ?? 0,
  };
}

/**
 * The section header table of a v0 object, shaped like platform-tools output. Returns the
 * headers and the index of `.shstrtab` (for the ELF header).
 */
export function v0SectionHeaders(s: V0SectionExtents): {
  readonly headers: readonly SectionHeader[];
  readonly shstrtabIndex: number;
} {
  const headers: SectionHeader[] = [
    NULL_SECTION,
    loaded('.text', SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, s.textOffset, s.textSize, {
      align: 8,
    }),
  ];
  if (s.rodataSize > 0) {
    headers.push(
      loaded('.rodata', SHT_PROGBITS, SHF_ALLOC, s.rodataOffset, s.rodataSize, { align: 8 }),
    );
  }
  const dynsymIndex = headers.length + 1;
  const dynstrIndex = headers.length + 2;
  headers.push(
    loaded('.dynamic', SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, s.dynamicOffset, s.dynamicSize, {
      link: dynstrIndex,
      align: 8,
      entrySize: DYN_ENTRY_SIZE,
    }),
    loaded('.dynsym', SHT_DYNSYM, SHF_ALLOC, s.dynsymOffset, s.dynsymSize, {
      link: dynstrIndex,
      info: 1,
      align: 8,
      entrySize: SYMBOL_SIZE,
    }),
    loaded('.dynstr', SHT_STRTAB, SHF_ALLOC, s.dynstrOffset, s.dynstrSize, { align: 1 }),
  );
  if (s.relSize > 0) {
    headers.push(
      loaded('.rel.dyn', SHT_REL, SHF_ALLOC, s.relOffset, s.relSize, {
        link: dynsymIndex,
        align: 8,
        entrySize: REL_SIZE,
      }),
    );
  }
  const shstrtabIndex = headers.length;
  headers.push({
    ...loaded('.shstrtab', SHT_STRTAB, 0, s.shstrtabOffset, s.shstrtabSize, { align: 1 }),
    address: 0,
  });
  return { headers, shstrtabIndex };
}
