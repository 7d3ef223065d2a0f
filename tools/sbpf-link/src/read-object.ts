import {
  ELF_MAGIC,
  ELFCLASS64,
  ELFDATA2LSB,
  EM_BPF,
  ET_REL,
  SECTION_HEADER_SIZE,
  SHT_NOBITS,
  SHT_NULL,
  SHT_SYMTAB,
  SYMBOL_SIZE,
} from './elf-constants';
import { SbpfLinkError } from './errors';

/** One section header of a relocatable object. */
export interface ObjectSection {
  readonly index: number;
  readonly name: string;
  readonly type: number;
  readonly flags: number;
  readonly offset: number;
  readonly size: number;
  readonly link: number;
  readonly info: number;
  readonly align: number;
}

/** One symbol-table entry of a relocatable object. */
export interface ObjectSymbol {
  readonly name: string;
  readonly bind: number;
  readonly type: number;
  readonly sectionIndex: number;
  readonly value: number;
  readonly size: number;
}

/** A parsed ELF64 little-endian EM_BPF relocatable object. */
export interface RelocatableObject {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly sections: readonly ObjectSection[];
  readonly symbols: readonly ObjectSymbol[];
}

function readCString(bytes: Uint8Array, offset: number): string {
  let end = offset;
  while (end < bytes.length && bytes[end] !== 0) end += 1;
  return new TextDecoder('latin1').decode(bytes.subarray(offset, end));
}

/**
 * Parses a BPF relocatable object (as emitted by `clang-19 -target bpfel -c`), checking that
 * it is what the linker expects before anything else touches it.
 */
export function parseRelocatableObject(name: string, bytes: Uint8Array): RelocatableObject {
  if (bytes.length < 64) {
    throw new SbpfLinkError(
      'INPUT__NOT_ELF',
      `${name}: ${bytes.length} bytes is too short for ELF`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, false) !== ELF_MAGIC) {
    throw new SbpfLinkError('INPUT__NOT_ELF', `${name}: not an ELF file`);
  }
  if (bytes[4] !== ELFCLASS64 || bytes[5] !== ELFDATA2LSB) {
    throw new SbpfLinkError(
      'INPUT__WRONG_CLASS',
      `${name}: need ELF64 little-endian (compile with -target bpfel)`,
    );
  }
  const type = view.getUint16(16, true);
  if (type !== ET_REL) {
    throw new SbpfLinkError(
      'INPUT__NOT_RELOCATABLE',
      `${name}: ELF type ${type} is not a relocatable object (compile with -c)`,
    );
  }
  const machine = view.getUint16(18, true);
  if (machine !== EM_BPF) {
    throw new SbpfLinkError('INPUT__NOT_BPF', `${name}: e_machine ${machine} is not EM_BPF (247)`);
  }
  const shoff = Number(view.getBigUint64(0x28, true));
  const shnum = view.getUint16(0x3c, true);
  const shstrndx = view.getUint16(0x3e, true);
  if (shoff + shnum * SECTION_HEADER_SIZE > bytes.length) {
    throw new SbpfLinkError('INPUT__TRUNCATED', `${name}: section headers run past end of file`);
  }
  const raw = Array.from({ length: shnum }, (_, index) => {
    const o = shoff + index * SECTION_HEADER_SIZE;
    return {
      index,
      nameOffset: view.getUint32(o, true),
      type: view.getUint32(o + 4, true),
      flags: Number(view.getBigUint64(o + 8, true)),
      offset: Number(view.getBigUint64(o + 24, true)),
      size: Number(view.getBigUint64(o + 32, true)),
      link: view.getUint32(o + 40, true),
      info: view.getUint32(o + 44, true),
      align: Number(view.getBigUint64(o + 48, true)) || 1,
    };
  });
  const shstr = raw[shstrndx];
  if (!shstr) throw new SbpfLinkError('INPUT__TRUNCATED', `${name}: missing section name table`);
  const sections: ObjectSection[] = raw.map(({ nameOffset, ...s }) => ({
    ...s,
    name: readCString(bytes, shstr.offset + nameOffset),
  }));
  for (const section of sections) {
    if (
      section.type !== SHT_NOBITS &&
      section.type !== SHT_NULL &&
      section.offset + section.size > bytes.length
    ) {
      throw new SbpfLinkError(
        'INPUT__TRUNCATED',
        `${name}: section ${section.name || `#${section.index}`} runs past the end of the file`,
      );
    }
  }
  const symbols: ObjectSymbol[] = [];
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (symtab) {
    const strtab = sections[symtab.link];
    if (!strtab)
      throw new SbpfLinkError('INPUT__TRUNCATED', `${name}: symbol table has no strings`);
    for (let o = symtab.offset; o + SYMBOL_SIZE <= symtab.offset + symtab.size; o += SYMBOL_SIZE) {
      const info = view.getUint8(o + 4);
      symbols.push({
        name: readCString(bytes, strtab.offset + view.getUint32(o, true)),
        bind: info >> 4,
        type: info & 0xf,
        sectionIndex: view.getUint16(o + 6, true),
        value: Number(view.getBigUint64(o + 8, true)),
        size: Number(view.getBigUint64(o + 16, true)),
      });
    }
  }
  return { name, bytes, view, sections, symbols };
}
