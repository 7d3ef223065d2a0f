import {
  INSN_SIZE,
  MM_PROGRAM_START,
  OP_CALL,
  OP_LDDW,
  R_BPF_64_32,
  R_BPF_64_64,
  R_BPF_64_ABS32,
  R_BPF_64_ABS64,
  R_BPF_64_NODYLD32,
  R_BPF_NONE,
  REL_SIZE,
  RELA_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHN_ABS,
  SHN_COMMON,
  SHN_LORESERVE,
  SHN_UNDEF,
  SHT_NOBITS,
  SHT_REL,
  SHT_RELA,
  STB_LOCAL,
  STB_WEAK,
  STT_SECTION,
} from './elf-constants';
import { alignUp } from './bytes';
import { SbpfLinkError } from './errors';
import { checkInstructions } from './check-instructions';
import { emitV0 } from './emit-v0';
import { emitV3 } from './emit-v3';
import { parseRelocatableObject, type ObjectSection, type RelocatableObject } from './read-object';
import { computeSyscallHash, KNOWN_SYSCALLS } from './syscalls';

/** sBPF versions this linker emits: v0 (dynamic syscall relocations) and v3 (static syscalls). */
export type SbpfVersion = 'v0' | 'v3';

/** One relocatable object to link. */
export interface LinkInput {
  /** Shown in error messages (usually the file path). */
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Options of {@link linkObjects}. */
export interface LinkOptions {
  readonly sbpf: SbpfVersion;
  /** Exported entry symbol; `entrypoint` unless told. */
  readonly entry?: string;
}

/** A defined symbol in the output image. */
export interface LinkedSymbol {
  readonly name: string;
  readonly section: 'text' | 'rodata';
  /** Offset inside its output section. */
  readonly offset: number;
  readonly size: number;
  /** Address of the symbol in the sBPF VM. */
  readonly vmAddress: bigint;
}

/** Outcome of a successful link. */
export interface LinkResult {
  readonly elf: Uint8Array;
  readonly sbpf: SbpfVersion;
  readonly textSize: number;
  readonly rodataSize: number;
  readonly symbols: readonly LinkedSymbol[];
  /** Distinct syscalls the program calls, sorted. */
  readonly syscalls: readonly string[];
  /** Human-readable link map. */
  readonly map: string;
}

/** Where a syscall is called from, as a byte offset inside `.text`. */
export interface SyscallSite {
  readonly name: string;
  readonly offset: number;
}

/** The merged image, before it is wrapped into an ELF of one sBPF version. */
export interface LinkedImage {
  readonly text: Uint8Array;
  readonly rodata: Uint8Array;
  readonly textFileOffset: number;
  readonly rodataFileOffset: number;
  readonly entryName: string;
  readonly entryOffset: number;
  readonly entrySize: number;
  readonly syscallSites: readonly SyscallSite[];
  readonly programHeaderCount: number;
}

interface Placement {
  readonly out: 'text' | 'rodata';
  readonly offset: number;
}

interface Resolved {
  readonly kind: 'defined' | 'absolute' | 'undefined';
  readonly name: string;
  readonly out?: 'text' | 'rodata';
  readonly offset?: number;
  readonly value?: bigint;
}

const ELF_HEADER = 64;
const PROGRAM_HEADER = 56;

function isReadOnlyData(section: ObjectSection): boolean {
  return (section.flags & SHF_WRITE) === 0 || section.name.startsWith('.data.rel.ro');
}

/**
 * Links BPF relocatable objects into a Solana sBPF shared object.
 *
 * Executable sections are merged into `.text`, read-only data into `.rodata`; writable data
 * (`.data`, `.bss`, COMMON) is rejected because Solana programs have no mutable globals.
 * Calls to undefined symbols must name a known syscall.
 *
 * @example
 * const { elf } = linkObjects([{ name: 'prog.o', bytes }], { sbpf: 'v3' });
 */
export function linkObjects(inputs: readonly LinkInput[], options: LinkOptions): LinkResult {
  const { sbpf } = options;
  if (sbpf !== 'v0' && sbpf !== 'v3') {
    throw new SbpfLinkError(
      'OPTION__BAD_VERSION',
      `unsupported sBPF version '${String(sbpf)}' (use v0 or v3)`,
    );
  }
  const entryName = options.entry ?? 'entrypoint';
  const objects = inputs.map((input) => parseRelocatableObject(input.name, input.bytes));

  // 1. Place every loadable section into .text or .rodata.
  const placements = new Map<string, Placement>();
  const key = (objectIndex: number, sectionIndex: number): string =>
    `${objectIndex}:${sectionIndex}`;
  const textChunks: { object: RelocatableObject; section: ObjectSection; offset: number }[] = [];
  const rodataChunks: { object: RelocatableObject; section: ObjectSection; offset: number }[] = [];
  let textSize = 0;
  let rodataSize = 0;
  let rodataAlign = 8;
  objects.forEach((object, objectIndex) => {
    for (const symbol of object.symbols) {
      if (symbol.sectionIndex === SHN_COMMON) {
        throw new SbpfLinkError(
          'LAYOUT__COMMON_SYMBOL',
          `${object.name}: common symbol '${symbol.name}' is a mutable global; Solana programs cannot have mutable globals (keep state in accounts, on the stack or on the heap)`,
        );
      }
    }
    for (const section of object.sections) {
      if ((section.flags & SHF_ALLOC) === 0 || section.size === 0) continue;
      if ((section.flags & SHF_EXECINSTR) !== 0) {
        if (section.size % INSN_SIZE !== 0) {
          throw new SbpfLinkError(
            'LAYOUT__BAD_TEXT_SIZE',
            `${object.name}: ${section.name} is ${section.size} bytes, not a multiple of 8`,
          );
        }
        textSize = alignUp(textSize, Math.max(INSN_SIZE, section.align));
        placements.set(key(objectIndex, section.index), { out: 'text', offset: textSize });
        textChunks.push({ object, section, offset: textSize });
        textSize += section.size;
      } else if (isReadOnlyData(section)) {
        rodataSize = alignUp(rodataSize, section.align);
        rodataAlign = Math.max(rodataAlign, section.align);
        placements.set(key(objectIndex, section.index), { out: 'rodata', offset: rodataSize });
        rodataChunks.push({ object, section, offset: rodataSize });
        rodataSize += section.size;
      } else {
        const names = object.symbols
          .filter((s) => s.sectionIndex === section.index && s.type !== STT_SECTION && s.name)
          .map((s) => s.name);
        throw new SbpfLinkError(
          'LAYOUT__WRITABLE_SECTION',
          `${object.name}: writable section ${section.name} (${section.size} bytes; symbols: ${names.join(', ') || 'unnamed'}) — Solana programs cannot have mutable globals or statics; make it const, or keep state in accounts, on the stack or on the heap`,
        );
      }
    }
  });
  if (textSize === 0) throw new SbpfLinkError('INPUT__NO_TEXT', 'no executable code in the inputs');

  // 2. File layout. v0: ehdr, phdrs, .text, .rodata, dynamic tables (vaddr == file offset).
  //    v3: ehdr, phdrs, rodata (vaddr 0), bytecode (vaddr 1<<32).
  const programHeaderCount = sbpf === 'v3' ? (rodataSize > 0 ? 2 : 1) : rodataSize > 0 ? 4 : 3;
  const headersEnd = ELF_HEADER + programHeaderCount * PROGRAM_HEADER;
  let textFileOffset: number;
  let rodataFileOffset: number;
  if (sbpf === 'v3') {
    rodataFileOffset = headersEnd;
    textFileOffset = alignUp(rodataFileOffset + rodataSize, 8);
  } else {
    textFileOffset = alignUp(headersEnd, 8);
    rodataFileOffset = alignUp(textFileOffset + textSize, rodataAlign);
  }
  const textVmBase = sbpf === 'v3' ? MM_PROGRAM_START : MM_PROGRAM_START + BigInt(textFileOffset);
  const rodataVmBase = sbpf === 'v3' ? 0n : MM_PROGRAM_START + BigInt(rodataFileOffset);
  const vmAddress = (out: 'text' | 'rodata', offset: number): bigint =>
    (out === 'text' ? textVmBase : rodataVmBase) + BigInt(offset);

  const text = new Uint8Array(textSize);
  const rodata = new Uint8Array(rodataSize);
  for (const c of textChunks) {
    text.set(
      c.object.bytes.subarray(c.section.offset, c.section.offset + c.section.size),
      c.offset,
    );
  }
  for (const c of rodataChunks) {
    if (c.section.type === SHT_NOBITS) continue;
    rodata.set(
      c.object.bytes.subarray(c.section.offset, c.section.offset + c.section.size),
      c.offset,
    );
  }

  // 3. Global symbols (strong beats weak; two strong definitions are an error).
  const globals = new Map<string, LinkedSymbol & { weak: boolean }>();
  objects.forEach((object, objectIndex) => {
    for (const symbol of object.symbols) {
      if (symbol.bind === STB_LOCAL || symbol.sectionIndex === SHN_UNDEF) continue;
      if (symbol.sectionIndex >= SHN_LORESERVE) continue;
      const place = placements.get(key(objectIndex, symbol.sectionIndex));
      if (!place) continue;
      const weak = symbol.bind === STB_WEAK;
      const offset = place.offset + symbol.value;
      const definition = {
        name: symbol.name,
        section: place.out,
        offset,
        size: symbol.size,
        vmAddress: vmAddress(place.out, offset),
        weak,
      };
      const previous = globals.get(symbol.name);
      if (previous && !previous.weak && !weak) {
        throw new SbpfLinkError(
          'SYMBOL__DUPLICATE',
          `duplicate symbol '${symbol.name}' (second definition in ${object.name})`,
        );
      }
      if (!previous || previous.weak) globals.set(symbol.name, definition);
    }
  });

  const resolve = (
    object: RelocatableObject,
    objectIndex: number,
    symbolIndex: number,
  ): Resolved => {
    const symbol = object.symbols[symbolIndex];
    if (!symbol) {
      throw new SbpfLinkError(
        'RELOC__UNSUPPORTED',
        `${object.name}: relocation names missing symbol #${symbolIndex}`,
      );
    }
    if (symbol.sectionIndex === SHN_UNDEF) {
      const found = globals.get(symbol.name);
      return found
        ? { kind: 'defined', name: symbol.name, out: found.section, offset: found.offset }
        : { kind: 'undefined', name: symbol.name };
    }
    if (symbol.sectionIndex === SHN_ABS)
      return { kind: 'absolute', name: symbol.name, value: BigInt(symbol.value) };
    const place = placements.get(key(objectIndex, symbol.sectionIndex));
    if (!place) {
      throw new SbpfLinkError(
        'RELOC__MISPLACED',
        `${object.name}: symbol '${symbol.name || '(section)'}' lives in a section that is not loaded`,
      );
    }
    return {
      kind: 'defined',
      name: symbol.name,
      out: place.out,
      offset: place.offset + symbol.value,
    };
  };

  // 4. Relocations.
  const syscallSites: SyscallSite[] = [];
  const textView = new DataView(text.buffer);
  const rodataView = new DataView(rodata.buffer);
  objects.forEach((object, objectIndex) => {
    for (const relSection of object.sections) {
      if (relSection.type !== SHT_REL && relSection.type !== SHT_RELA) continue;
      const target = placements.get(key(objectIndex, relSection.info));
      if (!target) continue; // relocations of debug/BTF sections, which are dropped
      const targetName = object.sections[relSection.info]?.name ?? '?';
      const isRela = relSection.type === SHT_RELA;
      const entrySize = isRela ? RELA_SIZE : REL_SIZE;
      const out = target.out === 'text' ? text : rodata;
      const outView = target.out === 'text' ? textView : rodataView;
      for (
        let q = relSection.offset;
        q + entrySize <= relSection.offset + relSection.size;
        q += entrySize
      ) {
        const offsetInSection = Number(object.view.getBigUint64(q, true));
        const info = object.view.getBigUint64(q + 8, true);
        const type = Number(info & 0xffffffffn);
        const symbolIndex = Number(info >> 32n);
        const addend = isRela ? object.view.getBigInt64(q + 16, true) : undefined;
        const at = target.offset + offsetInSection;
        const where = `${object.name}:${targetName}+0x${offsetInSection.toString(16)}`;
        const symbol = resolve(object, objectIndex, symbolIndex);
        const dataAddress = (): bigint => {
          if (symbol.kind === 'undefined') {
            throw new SbpfLinkError(
              'SYMBOL__UNDEFINED',
              `${where}: undefined symbol '${symbol.name}'`,
            );
          }
          if (symbol.kind === 'absolute') return symbol.value ?? 0n;
          return vmAddress(symbol.out ?? 'text', symbol.offset ?? 0);
        };
        switch (type) {
          case R_BPF_NONE:
          case R_BPF_64_NODYLD32:
            break;
          case R_BPF_64_64: {
            if (target.out !== 'text' || out[at] !== OP_LDDW) {
              throw new SbpfLinkError(
                'RELOC__MISPLACED',
                `${where}: R_BPF_64_64 is not on an lddw instruction`,
              );
            }
            const a = addend ?? BigInt(outView.getUint32(at + 4, true));
            const value = BigInt.asUintN(64, dataAddress() + a);
            outView.setUint32(at + 4, Number(value & 0xffffffffn), true);
            outView.setUint32(at + 12, Number(value >> 32n), true);
            break;
          }
          case R_BPF_64_ABS64: {
            const a = addend ?? outView.getBigUint64(at, true);
            outView.setBigUint64(at, BigInt.asUintN(64, dataAddress() + a), true);
            break;
          }
          case R_BPF_64_ABS32:
            throw new SbpfLinkError(
              'RELOC__UNSUPPORTED',
              `${where}: 32-bit absolute address in loadable data; sBPF addresses are 64-bit`,
            );
          case R_BPF_64_32: {
            if (target.out !== 'text' || out[at] !== OP_CALL) {
              throw new SbpfLinkError(
                'RELOC__MISPLACED',
                `${where}: R_BPF_64_32 is not on a call instruction`,
              );
            }
            if (symbol.kind === 'undefined') {
              if (!KNOWN_SYSCALLS.has(symbol.name)) {
                throw new SbpfLinkError(
                  'SYMBOL__UNKNOWN_SYSCALL',
                  `${where}: call to undefined function '${symbol.name}', which is not a Solana syscall; define it (e.g. memcpy/memset on top of sol_memcpy_/sol_memset_) or avoid compiler helpers such as __multi3 (128-bit math)`,
                );
              }
              syscallSites.push({ name: symbol.name, offset: at });
              out[at + 1] = (out[at + 1] ?? 0) & 0x0f; // src = 0: syscall
              outView.setInt32(
                at + 4,
                sbpf === 'v3' ? computeSyscallHash(symbol.name) | 0 : -1,
                true,
              );
            } else {
              if (symbol.kind !== 'defined' || symbol.out !== 'text') {
                throw new SbpfLinkError(
                  'RELOC__MISPLACED',
                  `${where}: call to non-code symbol '${symbol.name}'`,
                );
              }
              const imm =
                addend !== undefined
                  ? Number(addend) / INSN_SIZE - 1
                  : outView.getInt32(at + 4, true);
              const targetByte = (symbol.offset ?? 0) + (imm + 1) * INSN_SIZE;
              const relative = targetByte / INSN_SIZE - (at / INSN_SIZE + 1);
              out[at + 1] = ((out[at + 1] ?? 0) & 0x0f) | 0x10; // src = 1: pc-relative internal call
              outView.setInt32(at + 4, relative, true);
            }
            break;
          }
          default:
            throw new SbpfLinkError(
              'RELOC__UNSUPPORTED',
              `${where}: unsupported relocation type ${type}`,
            );
        }
      }
    }
  });

  checkInstructions(text, { sbpf, syscallOffsets: new Set(syscallSites.map((s) => s.offset)) });

  const entry = globals.get(entryName);
  if (!entry || entry.section !== 'text') {
    throw new SbpfLinkError(
      'SYMBOL__NO_ENTRYPOINT',
      `entry symbol '${entryName}' is not defined in code (export it: uint64_t ${entryName}(const uint8_t *input))`,
    );
  }

  const image: LinkedImage = {
    text,
    rodata,
    textFileOffset,
    rodataFileOffset,
    entryName,
    entryOffset: entry.offset,
    entrySize: entry.size,
    syscallSites,
    programHeaderCount,
  };
  const elf = sbpf === 'v3' ? emitV3(image) : emitV0(image);
  const symbols = [...globals.values()]
    .map(({ weak: _weak, ...s }) => s)
    .sort((a, b) => (a.vmAddress < b.vmAddress ? -1 : a.vmAddress > b.vmAddress ? 1 : 0));
  const syscalls = [...new Set(syscallSites.map((s) => s.name))].sort();
  const map = [
    `sbpf ${sbpf}: .text ${textSize} bytes (${textSize / INSN_SIZE} insns) @file 0x${textFileOffset.toString(16)}, .rodata ${rodataSize} bytes @file 0x${rodataFileOffset.toString(16)}, ${syscallSites.length} syscall sites`,
    ...symbols.map(
      (s) =>
        `  ${s.section.padEnd(6)} 0x${s.vmAddress.toString(16)} ${String(s.size).padStart(6)} ${s.name}`,
    ),
    ...syscalls.map(
      (name) => `  syscall 0x${computeSyscallHash(name).toString(16).padStart(8, '0')} ${name}`,
    ),
  ].join('\n');
  return { elf, sbpf, textSize, rodataSize, symbols, syscalls, map };
}
