import type { ByteSink } from './bytes';
import {
  EM_BPF,
  ET_DYN,
  ELF_HEADER_SIZE,
  PROGRAM_HEADER_SIZE,
  SECTION_HEADER_SIZE,
} from './elf-constants';

/** Fields of the ELF header that differ between outputs. */
export interface ElfHeaderFields {
  readonly flags: number;
  readonly entry: bigint;
  readonly programHeaderCount: number;
  readonly sectionHeaderOffset: number;
  readonly sectionHeaderCount: number;
  readonly sectionNameIndex: number;
}

/** Writes an ELF64 LE ET_DYN EM_BPF header at offset 0 (program headers follow it). */
export function writeElfHeader(out: ByteSink, h: ElfHeaderFields): void {
  out.copy(0, new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]));
  out.u16(16, ET_DYN);
  out.u16(18, EM_BPF);
  out.u32(20, 1);
  out.u64(24, h.entry);
  out.u64(32, h.programHeaderCount > 0 ? ELF_HEADER_SIZE : 0);
  out.u64(40, h.sectionHeaderOffset);
  out.u32(48, h.flags);
  out.u16(52, ELF_HEADER_SIZE);
  out.u16(54, PROGRAM_HEADER_SIZE);
  out.u16(56, h.programHeaderCount);
  out.u16(58, SECTION_HEADER_SIZE);
  out.u16(60, h.sectionHeaderCount);
  out.u16(62, h.sectionNameIndex);
}

/** One program header (vaddr == paddr, filesz == memsz). */
export interface ProgramHeader {
  readonly type: number;
  readonly flags: number;
  readonly offset: number;
  readonly vaddr: bigint;
  readonly size: number;
  readonly align: number;
}

/** Writes program header number `index`. */
export function writeProgramHeader(out: ByteSink, index: number, p: ProgramHeader): void {
  const o = ELF_HEADER_SIZE + index * PROGRAM_HEADER_SIZE;
  out.u32(o, p.type);
  out.u32(o + 4, p.flags);
  out.u64(o + 8, p.offset);
  out.u64(o + 16, p.vaddr);
  out.u64(o + 24, p.vaddr);
  out.u64(o + 32, p.size);
  out.u64(o + 40, p.size);
  out.u64(o + 48, p.align);
}

/** One section header. */
export interface SectionHeader {
  readonly name: number;
  readonly type: number;
  readonly flags: number;
  readonly address: number;
  readonly offset: number;
  readonly size: number;
  readonly link: number;
  readonly info: number;
  readonly align: number;
  readonly entrySize: number;
}

/** Writes one section header at `offset`. */
export function writeSectionHeader(out: ByteSink, offset: number, s: SectionHeader): void {
  out.u32(offset, s.name);
  out.u32(offset + 4, s.type);
  out.u64(offset + 8, s.flags);
  out.u64(offset + 16, s.address);
  out.u64(offset + 24, s.offset);
  out.u64(offset + 32, s.size);
  out.u32(offset + 40, s.link);
  out.u32(offset + 44, s.info);
  out.u64(offset + 48, s.align);
  out.u64(offset + 56, s.entrySize);
}
