import { alignUp } from './bytes';
import { ELF_HEADER_SIZE, MM_PROGRAM_START, PROGRAM_HEADER_SIZE } from './elf-constants';
import type { OutputSection, SbpfVersion } from './image';

/** Sizes of the merged output sections, which is all the file layout depends on. */
export interface OutputSizes {
  readonly textSize: number;
  readonly rodataSize: number;
  readonly rodataAlign: number;
}

/**
 * Where `.text` and `.rodata` sit in the output file and in the VM. Decided before relocation
 * because relocations write VM addresses.
 */
export interface FileLayout {
  readonly programHeaderCount: number;
  readonly textFileOffset: number;
  readonly rodataFileOffset: number;
  readonly textVmBase: bigint;
  readonly rodataVmBase: bigint;
}

/** v3: rodata (if any) and bytecode. v0: text, rodata (if any), dynamic tables, PT_DYNAMIC. */
function programHeaderCount(sbpf: SbpfVersion, hasRodata: boolean): number {
  const always = sbpf === 'v3' ? 1 : 3;
  return always + (hasRodata ? 1 : 0);
}

/**
 * Lays out the file. v0: ELF header, program headers, `.text`, `.rodata`, then the dynamic
 * tables, with vaddr == file offset. v3: ELF header, program headers, rodata (vaddr 0), then
 * the bytecode (vaddr 1<<32).
 */
export function layOutFile(sbpf: SbpfVersion, sizes: OutputSizes): FileLayout {
  const headerCount = programHeaderCount(sbpf, sizes.rodataSize > 0);
  const headersEnd = ELF_HEADER_SIZE + headerCount * PROGRAM_HEADER_SIZE;
  if (sbpf === 'v3') {
    const rodataFileOffset = headersEnd;
    return {
      programHeaderCount: headerCount,
      textFileOffset: alignUp(rodataFileOffset + sizes.rodataSize, 8),
      rodataFileOffset,
      textVmBase: MM_PROGRAM_START,
      rodataVmBase: 0n,
    };
  }
  const textFileOffset = alignUp(headersEnd, 8);
  const rodataFileOffset = alignUp(textFileOffset + sizes.textSize, sizes.rodataAlign);
  return {
    programHeaderCount: headerCount,
    textFileOffset,
    rodataFileOffset,
    textVmBase: MM_PROGRAM_START + BigInt(textFileOffset),
    rodataVmBase: MM_PROGRAM_START + BigInt(rodataFileOffset),
  };
}

/** VM address of `offset` inside output section `out`. */
export function vmAddressOf(layout: FileLayout, out: OutputSection, offset: number): bigint {
  return (out === 'text' ? layout.textVmBase : layout.rodataVmBase) + BigInt(offset);
}
