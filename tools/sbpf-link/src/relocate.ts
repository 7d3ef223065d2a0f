import {
  INSN_SIZE,
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
  SHT_REL,
  SHT_RELA,
} from './elf-constants';
import { SbpfLinkError } from './errors';
import type { SbpfVersion, SyscallSite } from './image';
import { vmAddressOf, type FileLayout } from './layout';
import type { ObjectSection, RelocatableObject } from './read-object';
import { placementOf, type Placement, type SectionPlacement } from './sections';
import { resolveSymbol, type GlobalSymbols, type ResolvedSymbol } from './symbols';
import { computeSyscallHash, KNOWN_SYSCALLS } from './syscalls';

/** What relocation reads from the earlier stages, and the merged bytes it patches. */
export interface RelocationContext {
  readonly sbpf: SbpfVersion;
  readonly placement: SectionPlacement;
  readonly globals: GlobalSymbols;
  readonly layout: FileLayout;
  readonly text: Uint8Array;
  readonly rodata: Uint8Array;
}

/** One REL/RELA entry as read from the input. */
interface RelocationEntry {
  readonly offsetInSection: number;
  readonly type: number;
  readonly symbolIndex: number;
  /** Explicit addend (RELA); REL keeps it in the patched bytes. */
  readonly addend: bigint | undefined;
}

/** One relocation about to be applied at byte `at` of its output section. */
interface Fixup {
  readonly where: string;
  readonly target: Placement;
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly at: number;
  readonly symbol: ResolvedSymbol;
  readonly addend: bigint | undefined;
}

function* readRelocations(
  object: RelocatableObject,
  relSection: ObjectSection,
): Generator<RelocationEntry> {
  const isRela = relSection.type === SHT_RELA;
  const entrySize = isRela ? RELA_SIZE : REL_SIZE;
  const end = relSection.offset + relSection.size;
  for (let q = relSection.offset; q + entrySize <= end; q += entrySize) {
    const info = object.view.getBigUint64(q + 8, true);
    yield {
      offsetInSection: Number(object.view.getBigUint64(q, true)),
      type: Number(info & 0xffffffffn),
      symbolIndex: Number(info >> 32n),
      addend: isRela ? object.view.getBigInt64(q + 16, true) : undefined,
    };
  }
}

/** The address a data relocation stores: the symbol's VM address, or its absolute value. */
function dataAddress(fixup: Fixup, layout: FileLayout): bigint {
  const { symbol } = fixup;
  if (symbol.kind === 'undefined') {
    throw new SbpfLinkError(
      'SYMBOL__UNDEFINED',
      `${fixup.where}: undefined symbol '${symbol.name}'`,
    );
  }
  if (symbol.kind === 'absolute') return symbol.value;
  return vmAddressOf(layout, symbol.out, symbol.offset);
}

/** R_BPF_64_64: the 64-bit address split over the two immediates of an `lddw`. */
function relocateLddw(fixup: Fixup, layout: FileLayout): void {
  const { bytes, view, at } = fixup;
  if (fixup.target.out !== 'text' || bytes[at] !== OP_LDDW) {
    throw new SbpfLinkError(
      'RELOC__MISPLACED',
      `${fixup.where}: R_BPF_64_64 is not on an lddw instruction`,
    );
  }
  const addend = fixup.addend ?? BigInt(view.getUint32(at + 4, true));
  const value = BigInt.asUintN(64, dataAddress(fixup, layout) + addend);
  view.setUint32(at + 4, Number(value & 0xffffffffn), true);
  view.setUint32(at + 12, Number(value >> 32n), true);
}

/** R_BPF_64_ABS64: a 64-bit address stored in data (pointer tables, function pointers). */
function relocateAbs64(fixup: Fixup, layout: FileLayout): void {
  const { view, at } = fixup;
  const addend = fixup.addend ?? view.getBigUint64(at, true);
  view.setBigUint64(at, BigInt.asUintN(64, dataAddress(fixup, layout) + addend), true);
}

/**
 * A call to an undefined function is a syscall: src = 0, and the immediate is `-1` for the
 * v0 loader to patch, or `murmur3(name)` in v3.
 */
function encodeSyscall(fixup: Fixup, sbpf: SbpfVersion, syscallSites: SyscallSite[]): void {
  const { bytes, view, at, symbol } = fixup;
  if (!KNOWN_SYSCALLS.has(symbol.name)) {
    throw new SbpfLinkError(
      'SYMBOL__UNKNOWN_SYSCALL',
      `${fixup.where}: call to undefined function '${symbol.name}', which is not a Solana syscall; define it (e.g. memcpy/memset on top of sol_memcpy_/sol_memset_) or avoid compiler helpers such as __multi3 (128-bit math)`,
    );
  }
  syscallSites.push({ name: symbol.name, offset: at });
  bytes[at + 1] = (bytes[at + 1] ?? 0) & 0x0f; // src = 0: syscall
  view.setInt32(at + 4, sbpf === 'v3' ? computeSyscallHash(symbol.name) | 0 : -1, true);
}

/** A call to a function in `.text`: src = 1 and a pc-relative immediate in instructions. */
function encodeInternalCall(fixup: Fixup): void {
  const { bytes, view, at, symbol } = fixup;
  if (symbol.kind !== 'defined' || symbol.out !== 'text') {
    throw new SbpfLinkError(
      'RELOC__MISPLACED',
      `${fixup.where}: call to non-code symbol '${symbol.name}'`,
    );
  }
  const imm =
    fixup.addend !== undefined ? Number(fixup.addend) / INSN_SIZE - 1 : view.getInt32(at + 4, true);
  const targetByte = symbol.offset + (imm + 1) * INSN_SIZE;
  const relative = targetByte / INSN_SIZE - (at / INSN_SIZE + 1);
  bytes[at + 1] = ((bytes[at + 1] ?? 0) & 0x0f) | 0x10; // src = 1: pc-relative internal call
  view.setInt32(at + 4, relative, true);
}

/** R_BPF_64_32 on a `call`: either a syscall or an internal call. */
function relocateCall(fixup: Fixup, sbpf: SbpfVersion, syscallSites: SyscallSite[]): void {
  if (fixup.target.out !== 'text' || fixup.bytes[fixup.at] !== OP_CALL) {
    throw new SbpfLinkError(
      'RELOC__MISPLACED',
      `${fixup.where}: R_BPF_64_32 is not on a call instruction`,
    );
  }
  if (fixup.symbol.kind === 'undefined') encodeSyscall(fixup, sbpf, syscallSites);
  else encodeInternalCall(fixup);
}

/** Patches one relocation by its type; R_BPF_NONE and R_BPF_64_NODYLD32 need nothing. */
function applyRelocation(
  type: number,
  fixup: Fixup,
  context: RelocationContext,
  syscallSites: SyscallSite[],
): void {
  switch (type) {
    case R_BPF_NONE:
    case R_BPF_64_NODYLD32:
      break;
    case R_BPF_64_64:
      relocateLddw(fixup, context.layout);
      break;
    case R_BPF_64_ABS64:
      relocateAbs64(fixup, context.layout);
      break;
    case R_BPF_64_ABS32:
      throw new SbpfLinkError(
        'RELOC__UNSUPPORTED',
        `${fixup.where}: 32-bit absolute address in loadable data; sBPF addresses are 64-bit`,
      );
    case R_BPF_64_32:
      relocateCall(fixup, context.sbpf, syscallSites);
      break;
    default:
      throw new SbpfLinkError(
        'RELOC__UNSUPPORTED',
        `${fixup.where}: unsupported relocation type ${type}`,
      );
  }
}

/**
 * Applies every relocation of every loaded input section to the merged `.text`/`.rodata`
 * (in place), in input order. Relocations of sections that are not loaded (debug info, BTF)
 * are dropped with them. Returns the syscall call sites, which v0 turns into dynamic
 * relocations and the instruction check must not mistake for unresolved calls.
 */
export function applyRelocations(
  objects: readonly RelocatableObject[],
  context: RelocationContext,
): SyscallSite[] {
  const syscallSites: SyscallSite[] = [];
  const outputs = {
    text: { bytes: context.text, view: new DataView(context.text.buffer) },
    rodata: { bytes: context.rodata, view: new DataView(context.rodata.buffer) },
  };
  objects.forEach((object, objectIndex) => {
    for (const relSection of object.sections) {
      if (relSection.type !== SHT_REL && relSection.type !== SHT_RELA) continue;
      const target = placementOf(context.placement, objectIndex, relSection.info);
      if (!target) continue;
      const targetName = object.sections[relSection.info]?.name ?? '?';
      for (const entry of readRelocations(object, relSection)) {
        const fixup: Fixup = {
          where: `${object.name}:${targetName}+0x${entry.offsetInSection.toString(16)}`,
          target,
          ...outputs[target.out],
          at: target.offset + entry.offsetInSection,
          symbol: resolveSymbol(
            context.placement,
            context.globals,
            object,
            objectIndex,
            entry.symbolIndex,
          ),
          addend: entry.addend,
        };
        applyRelocation(entry.type, fixup, context, syscallSites);
      }
    }
  });
  return syscallSites;
}
