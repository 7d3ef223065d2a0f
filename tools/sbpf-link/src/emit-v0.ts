import { alignUp, createByteSink, type ByteSink } from './bytes';
import {
  DYN_ENTRY_SIZE,
  PF_R,
  PF_W,
  PF_X,
  PT_DYNAMIC,
  PT_LOAD,
  REL_SIZE,
  SECTION_HEADER_SIZE,
  SYMBOL_SIZE,
} from './elf-constants';
import { writeElfHeader, writeProgramHeader, writeSectionHeader } from './elf-write';
import type { LinkedImage } from './image';
import {
  buildDynamicTables,
  dynamicEntryCount,
  writeDynamicTables,
  type DynamicTables,
} from './v0-dynamic';
import { sectionNameTable, v0SectionHeaders } from './v0-section-headers';

/** File offsets of what follows `.rodata` in a v0 object. */
interface V0TablesLayout {
  readonly dynamicOffset: number;
  readonly dynamicSize: number;
  readonly dynsymOffset: number;
  readonly dynstrOffset: number;
  readonly relOffset: number;
  readonly relEnd: number;
  readonly shstrtabOffset: number;
  readonly sectionHeadersOffset: number;
}

/** `.dynamic`, `.dynsym`, `.dynstr`, `.rel.dyn`, `.shstrtab`, then the section headers. */
function layOutTables(
  image: LinkedImage,
  tables: DynamicTables,
  shstrtabSize: number,
): V0TablesLayout {
  const dynamicSize = dynamicEntryCount(tables.relocations.length > 0) * DYN_ENTRY_SIZE;
  const dynamicOffset = alignUp(image.rodataFileOffset + image.rodata.length, 8);
  const dynsymOffset = alignUp(dynamicOffset + dynamicSize, 8);
  const dynstrOffset = dynsymOffset + tables.symbols.length * SYMBOL_SIZE;
  const relOffset = alignUp(dynstrOffset + tables.dynstr.length, 8);
  const relEnd = relOffset + tables.relocations.length * REL_SIZE;
  const shstrtabOffset = relEnd;
  const sectionHeadersOffset = alignUp(shstrtabOffset + shstrtabSize, 8);
  return {
    dynamicOffset,
    dynamicSize,
    dynsymOffset,
    dynstrOffset,
    relOffset,
    relEnd,
    shstrtabOffset,
    sectionHeadersOffset,
  };
}

/** Loads for text, rodata (if any) and the dynamic tables, then PT_DYNAMIC; vaddr == offset. */
function writeV0ProgramHeaders(out: ByteSink, image: LinkedImage, layout: V0TablesLayout): void {
  let index = 0;
  const header = (
    type: number,
    flags: number,
    offset: number,
    size: number,
    align: number,
  ): void => {
    writeProgramHeader(out, index, { type, flags, offset, vaddr: BigInt(offset), size, align });
    index += 1;
  };
  header(PT_LOAD, PF_R | PF_X, image.textFileOffset, image.text.length, 0x1000);
  if (image.rodata.length > 0) {
    header(PT_LOAD, PF_R, image.rodataFileOffset, image.rodata.length, 0x1000);
  }
  header(PT_LOAD, PF_R, layout.dynsymOffset, layout.relEnd - layout.dynsymOffset, 0x1000);
  header(PT_DYNAMIC, PF_R | PF_W, layout.dynamicOffset, layout.dynamicSize, 8);
}

/**
 * Wraps a linked image as an sBPF v0 shared object, shaped like platform-tools output:
 * `.text`, `.rodata`, `.dynamic`, `.dynsym`, `.dynstr`, `.rel.dyn`, `.shstrtab`, with
 * vaddr == file offset. Syscalls stay `call -1` plus an `R_BPF_64_32` dynamic relocation
 * against an undefined symbol; the loader writes `murmur3(name)` into the immediate.
 */
export function emitV0(image: LinkedImage): Uint8Array {
  const { text, rodata, textFileOffset, rodataFileOffset } = image;
  const tables = buildDynamicTables(image);
  const shstrtab = sectionNameTable();
  const layout = layOutTables(image, tables, shstrtab.length);
  const { headers, shstrtabIndex } = v0SectionHeaders({
    textOffset: textFileOffset,
    textSize: text.length,
    rodataOffset: rodataFileOffset,
    rodataSize: rodata.length,
    dynamicOffset: layout.dynamicOffset,
    dynamicSize: layout.dynamicSize,
    dynsymOffset: layout.dynsymOffset,
    dynsymSize: tables.symbols.length * SYMBOL_SIZE,
    dynstrOffset: layout.dynstrOffset,
    dynstrSize: tables.dynstr.length,
    relOffset: layout.relOffset,
    relSize: tables.relocations.length * REL_SIZE,
    shstrtabOffset: layout.shstrtabOffset,
    shstrtabSize: shstrtab.length,
  });

  const out = createByteSink(layout.sectionHeadersOffset + headers.length * SECTION_HEADER_SIZE);
  writeElfHeader(out, {
    flags: 0,
    entry: BigInt(textFileOffset + image.entryOffset),
    programHeaderCount: image.programHeaderCount,
    sectionHeaderOffset: layout.sectionHeadersOffset,
    sectionHeaderCount: headers.length,
    sectionNameIndex: shstrtabIndex,
  });
  writeV0ProgramHeaders(out, image, layout);
  out.copy(textFileOffset, text);
  out.copy(rodataFileOffset, rodata);
  writeDynamicTables(
    out,
    {
      dynamicOffset: layout.dynamicOffset,
      dynsymOffset: layout.dynsymOffset,
      dynstrOffset: layout.dynstrOffset,
      dynstrSize: tables.dynstr.length,
      relOffset: layout.relOffset,
      relocationCount: tables.relocations.length,
    },
    tables,
  );
  out.copy(layout.shstrtabOffset, shstrtab);
  headers.forEach((section, k) =>
    writeSectionHeader(out, layout.sectionHeadersOffset + k * SECTION_HEADER_SIZE, section),
  );
  return out.bytes;
}
