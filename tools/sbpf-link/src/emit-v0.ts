import { alignUp, createByteSink } from './bytes';
import {
  DF_TEXTREL,
  DT_FLAGS,
  DT_NULL,
  DT_REL,
  DT_RELENT,
  DT_RELSZ,
  DT_STRSZ,
  DT_STRTAB,
  DT_SYMENT,
  DT_SYMTAB,
  DT_TEXTREL,
  DYN_ENTRY_SIZE,
  PF_R,
  PF_W,
  PF_X,
  PT_DYNAMIC,
  PT_LOAD,
  R_BPF_64_32,
  REL_SIZE,
  SECTION_HEADER_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_REL,
  SHT_STRTAB,
  STB_GLOBAL,
  STT_FUNC,
  STT_NOTYPE,
  SYMBOL_SIZE,
} from './elf-constants';
import {
  writeElfHeader,
  writeProgramHeader,
  writeSectionHeader,
  type SectionHeader,
} from './elf-write';
import type { LinkedImage } from './image';

interface DynamicSymbol {
  readonly nameOffset: number;
  readonly info: number;
  readonly sectionIndex: number;
  readonly value: bigint;
  readonly size: bigint;
}

/**
 * Wraps a linked image as an sBPF v0 shared object, shaped like platform-tools output:
 * `.text`, `.rodata`, `.dynamic`, `.dynsym`, `.dynstr`, `.rel.dyn`, `.shstrtab`, with
 * vaddr == file offset. Syscalls stay `call -1` plus an `R_BPF_64_32` dynamic relocation
 * against an undefined symbol; the loader writes `murmur3(name)` into the immediate.
 */
export function emitV0(image: LinkedImage): Uint8Array {
  const { text, rodata, textFileOffset, rodataFileOffset, syscallSites } = image;
  const encoder = new TextEncoder();

  const strings: Uint8Array[] = [new Uint8Array([0])];
  let stringsLength = 1;
  const addString = (value: string): number => {
    const at = stringsLength;
    const bytes = encoder.encode(`${value}\0`);
    strings.push(bytes);
    stringsLength += bytes.length;
    return at;
  };
  const symbols: DynamicSymbol[] = [
    { nameOffset: 0, info: 0, sectionIndex: 0, value: 0n, size: 0n },
    {
      nameOffset: addString(image.entryName),
      info: (STB_GLOBAL << 4) | STT_FUNC,
      sectionIndex: 1,
      value: BigInt(textFileOffset + image.entryOffset),
      size: BigInt(image.entrySize),
    },
  ];
  const syscallSymbol = new Map<string, number>();
  for (const site of syscallSites) {
    if (syscallSymbol.has(site.name)) continue;
    syscallSymbol.set(site.name, symbols.length);
    symbols.push({
      nameOffset: addString(site.name),
      info: (STB_GLOBAL << 4) | STT_NOTYPE,
      sectionIndex: 0,
      value: 0n,
      size: 0n,
    });
  }
  const dynstr = new Uint8Array(stringsLength);
  strings.reduce((at, bytes) => (dynstr.set(bytes, at), at + bytes.length), 0);
  const relocations = syscallSites.map((site) => ({
    offset: BigInt(textFileOffset + site.offset),
    info: (BigInt(syscallSymbol.get(site.name) ?? 0) << 32n) | BigInt(R_BPF_64_32),
  }));
  const hasRelocations = relocations.length > 0;

  const dynamicEntries: [number, number][] = [];
  const dynamicCount = (hasRelocations ? 5 : 0) + 5;
  const dynamicOffset = alignUp(rodataFileOffset + rodata.length, 8);
  const dynsymOffset = alignUp(dynamicOffset + dynamicCount * DYN_ENTRY_SIZE, 8);
  const dynstrOffset = dynsymOffset + symbols.length * SYMBOL_SIZE;
  const relOffset = alignUp(dynstrOffset + dynstr.length, 8);
  const relEnd = relOffset + relocations.length * REL_SIZE;
  const sectionNames = [
    '',
    '.text',
    '.rodata',
    '.dynamic',
    '.dynsym',
    '.dynstr',
    '.rel.dyn',
    '.shstrtab',
  ];
  const shstrtab = encoder.encode(`${sectionNames.join('\0')}\0`);
  const nameOf = (name: string): number =>
    sectionNames.slice(0, sectionNames.indexOf(name)).reduce((sum, s) => sum + s.length + 1, 0);
  const shstrtabOffset = relEnd;
  const sectionHeadersOffset = alignUp(shstrtabOffset + shstrtab.length, 8);

  const sections: SectionHeader[] = [
    {
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
    },
    {
      name: nameOf('.text'),
      type: SHT_PROGBITS,
      flags: SHF_ALLOC | SHF_EXECINSTR,
      address: textFileOffset,
      offset: textFileOffset,
      size: text.length,
      link: 0,
      info: 0,
      align: 8,
      entrySize: 0,
    },
  ];
  if (rodata.length > 0) {
    sections.push({
      name: nameOf('.rodata'),
      type: SHT_PROGBITS,
      flags: SHF_ALLOC,
      address: rodataFileOffset,
      offset: rodataFileOffset,
      size: rodata.length,
      link: 0,
      info: 0,
      align: 8,
      entrySize: 0,
    });
  }
  const dynamicIndex = sections.length;
  const dynsymIndex = dynamicIndex + 1;
  const dynstrIndex = dynamicIndex + 2;
  sections.push(
    {
      name: nameOf('.dynamic'),
      type: SHT_DYNAMIC,
      flags: SHF_ALLOC | SHF_WRITE,
      address: dynamicOffset,
      offset: dynamicOffset,
      size: dynamicCount * DYN_ENTRY_SIZE,
      link: dynstrIndex,
      info: 0,
      align: 8,
      entrySize: DYN_ENTRY_SIZE,
    },
    {
      name: nameOf('.dynsym'),
      type: SHT_DYNSYM,
      flags: SHF_ALLOC,
      address: dynsymOffset,
      offset: dynsymOffset,
      size: symbols.length * SYMBOL_SIZE,
      link: dynstrIndex,
      info: 1,
      align: 8,
      entrySize: SYMBOL_SIZE,
    },
    {
      name: nameOf('.dynstr'),
      type: SHT_STRTAB,
      flags: SHF_ALLOC,
      address: dynstrOffset,
      offset: dynstrOffset,
      size: dynstr.length,
      link: 0,
      info: 0,
      align: 1,
      entrySize: 0,
    },
  );
  if (hasRelocations) {
    sections.push({
      name: nameOf('.rel.dyn'),
      type: SHT_REL,
      flags: SHF_ALLOC,
      address: relOffset,
      offset: relOffset,
      size: relocations.length * REL_SIZE,
      link: dynsymIndex,
      info: 0,
      align: 8,
      entrySize: REL_SIZE,
    });
  }
  const shstrtabIndex = sections.length;
  sections.push({
    name: nameOf('.shstrtab'),
    type: SHT_STRTAB,
    flags: 0,
    address: 0,
    offset: shstrtabOffset,
    size: shstrtab.length,
    link: 0,
    info: 0,
    align: 1,
    entrySize: 0,
  });

  const out = createByteSink(sectionHeadersOffset + sections.length * SECTION_HEADER_SIZE);
  writeElfHeader(out, {
    flags: 0,
    entry: BigInt(textFileOffset + image.entryOffset),
    programHeaderCount: image.programHeaderCount,
    sectionHeaderOffset: sectionHeadersOffset,
    sectionHeaderCount: sections.length,
    sectionNameIndex: shstrtabIndex,
  });
  let ph = 0;
  const phdr = (type: number, flags: number, offset: number, size: number, align: number): void => {
    writeProgramHeader(out, ph, { type, flags, offset, vaddr: BigInt(offset), size, align });
    ph += 1;
  };
  phdr(PT_LOAD, PF_R | PF_X, textFileOffset, text.length, 0x1000);
  if (rodata.length > 0) phdr(PT_LOAD, PF_R, rodataFileOffset, rodata.length, 0x1000);
  phdr(PT_LOAD, PF_R, dynsymOffset, relEnd - dynsymOffset, 0x1000);
  phdr(PT_DYNAMIC, PF_R | PF_W, dynamicOffset, dynamicCount * DYN_ENTRY_SIZE, 8);

  out.copy(textFileOffset, text);
  out.copy(rodataFileOffset, rodata);
  if (hasRelocations) {
    dynamicEntries.push(
      [DT_FLAGS, DF_TEXTREL],
      [DT_REL, relOffset],
      [DT_RELSZ, relocations.length * REL_SIZE],
      [DT_RELENT, REL_SIZE],
    );
  }
  dynamicEntries.push(
    [DT_SYMTAB, dynsymOffset],
    [DT_SYMENT, SYMBOL_SIZE],
    [DT_STRTAB, dynstrOffset],
    [DT_STRSZ, dynstr.length],
  );
  if (hasRelocations) dynamicEntries.push([DT_TEXTREL, 0]);
  dynamicEntries.push([DT_NULL, 0]);
  dynamicEntries.forEach(([tag, value], k) => {
    out.u64(dynamicOffset + k * DYN_ENTRY_SIZE, tag);
    out.u64(dynamicOffset + k * DYN_ENTRY_SIZE + 8, value);
  });
  symbols.forEach((symbol, k) => {
    const o = dynsymOffset + k * SYMBOL_SIZE;
    out.u32(o, symbol.nameOffset);
    out.u8(o + 4, symbol.info);
    out.u16(o + 6, symbol.sectionIndex);
    out.u64(o + 8, symbol.value);
    out.u64(o + 16, symbol.size);
  });
  out.copy(dynstrOffset, dynstr);
  relocations.forEach((relocation, k) => {
    out.u64(relOffset + k * REL_SIZE, relocation.offset);
    out.u64(relOffset + k * REL_SIZE + 8, relocation.info);
  });
  out.copy(shstrtabOffset, shstrtab);
  sections.forEach((section, k) =>
    writeSectionHeader(out, sectionHeadersOffset + k * SECTION_HEADER_SIZE, section),
  );
  return out.bytes;
}
