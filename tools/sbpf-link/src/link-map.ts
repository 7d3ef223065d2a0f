import { INSN_SIZE } from './elf-constants';
import type { LinkedSymbol, SbpfVersion, SyscallSite } from './image';
import type { FileLayout } from './layout';
import { computeSyscallHash } from './syscalls';

/** What the link map reports. */
export interface LinkMapInput {
  readonly sbpf: SbpfVersion;
  readonly textSize: number;
  readonly rodataSize: number;
  readonly layout: FileLayout;
  readonly syscallSites: readonly SyscallSite[];
  readonly symbols: readonly LinkedSymbol[];
  readonly syscalls: readonly string[];
}

/** Distinct syscall names of the call sites, sorted. */
export function syscallNames(syscallSites: readonly SyscallSite[]): string[] {
  return [...new Set(syscallSites.map((site) => site.name))].sort();
}

/**
 * Formats the human-readable link map (`--map`): a summary line, then each symbol at its VM
 * address and each syscall with the hash the loader resolves it by.
 */
export function formatLinkMap(input: LinkMapInput): string {
  const { sbpf, textSize, rodataSize, layout } = input;
  return [
    `sbpf ${sbpf}: .text ${textSize} bytes (${textSize / INSN_SIZE} insns) @file 0x${layout.textFileOffset.toString(16)}, .rodata ${rodataSize} bytes @file 0x${layout.rodataFileOffset.toString(16)}, ${input.syscallSites.length} syscall sites`,
    ...input.symbols.map(
      (s) =>
        `  ${s.section.padEnd(6)} 0x${s.vmAddress.toString(16)} ${String(s.size).padStart(6)} ${s.name}`,
    ),
    ...input.syscalls.map(
      (name) => `  syscall 0x${computeSyscallHash(name).toString(16).padStart(8, '0')} ${name}`,
    ),
  ].join('\n');
}
