import { createByteSink } from './bytes';
import { MM_PROGRAM_START, PF_R, PF_X, PT_LOAD } from './elf-constants';
import { writeElfHeader, writeProgramHeader } from './elf-write';
import type { LinkedImage } from './image';

/** e_flags value that selects sBPF v3 in the loader. */
const SBPF_V3_FLAGS = 3;

/**
 * Wraps a linked image as an sBPF v3 ("strict ELF") object: no sections and no relocations,
 * one read-only PT_LOAD for rodata at vaddr 0 (size padded to 8) and one executable PT_LOAD
 * for the bytecode at vaddr 1<<32. Syscalls were already encoded statically by the linker.
 */
export function emitV3(image: LinkedImage): Uint8Array {
  const { text, rodata, textFileOffset, rodataFileOffset } = image;
  const out = createByteSink(textFileOffset + text.length);
  writeElfHeader(out, {
    flags: SBPF_V3_FLAGS,
    entry: MM_PROGRAM_START + BigInt(image.entryOffset),
    programHeaderCount: image.programHeaderCount,
    sectionHeaderOffset: 0,
    sectionHeaderCount: 0,
    sectionNameIndex: 0,
  });
  let ph = 0;
  if (rodata.length > 0) {
    writeProgramHeader(out, ph, {
      type: PT_LOAD,
      flags: PF_R,
      offset: rodataFileOffset,
      vaddr: 0n,
      size: textFileOffset - rodataFileOffset,
      align: 0,
    });
    ph += 1;
  }
  writeProgramHeader(out, ph, {
    type: PT_LOAD,
    flags: PF_X,
    offset: textFileOffset,
    vaddr: MM_PROGRAM_START,
    size: text.length,
    align: 0,
  });
  out.copy(rodataFileOffset, rodata);
  out.copy(textFileOffset, text);
  return out.bytes;
}
