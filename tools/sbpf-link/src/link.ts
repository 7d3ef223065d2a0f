import { checkInstructions } from './check-instructions';
import { emitElf } from './emit';
import { SbpfLinkError } from './errors';
import type { LinkedSymbol, SbpfVersion } from './image';
import { layOutFile } from './layout';
import { formatLinkMap, syscallNames } from './link-map';
import { parseRelocatableObject } from './read-object';
import { applyRelocations } from './relocate';
import { mergeSections, placeSections } from './sections';
import { collectGlobals, findEntry, linkedSymbols } from './symbols';

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

/** Refuses a version string from outside TypeScript (the CLI) before any work is done. */
function requireSupportedVersion(sbpf: SbpfVersion): void {
  if (sbpf !== 'v0' && sbpf !== 'v3') {
    throw new SbpfLinkError(
      'OPTION__BAD_VERSION',
      `unsupported sBPF version '${String(sbpf)}' (use v0 or v3)`,
    );
  }
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
  requireSupportedVersion(sbpf);
  const entryName = options.entry ?? 'entrypoint';
  const objects = inputs.map((input) => parseRelocatableObject(input.name, input.bytes));
  const placement = placeSections(objects);
  const layout = layOutFile(sbpf, placement);
  const { text, rodata } = mergeSections(placement);
  const globals = collectGlobals(objects, placement, layout);
  const syscallSites = applyRelocations(objects, {
    sbpf,
    placement,
    globals,
    layout,
    text,
    rodata,
  });
  checkInstructions(text, { sbpf, syscallOffsets: new Set(syscallSites.map((s) => s.offset)) });
  const entry = findEntry(globals, entryName);
  const elf = emitElf(sbpf, {
    text,
    rodata,
    textFileOffset: layout.textFileOffset,
    rodataFileOffset: layout.rodataFileOffset,
    entryName,
    entryOffset: entry.offset,
    entrySize: entry.size,
    syscallSites,
    programHeaderCount: layout.programHeaderCount,
  });
  const { textSize, rodataSize } = placement;
  const symbols = linkedSymbols(globals);
  const syscalls = syscallNames(syscallSites);
  const map = formatLinkMap({
    sbpf,
    textSize,
    rodataSize,
    layout,
    syscallSites,
    symbols,
    syscalls,
  });
  return { elf, sbpf, textSize, rodataSize, symbols, syscalls, map };
}
