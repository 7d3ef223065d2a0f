/**
 * The linked image: what the link stages produce and the emitters wrap into an ELF. It is a
 * module of its own, importing nothing, so the emitters and the stages can share these types
 * without importing `link.ts` (which imports them).
 */

/** sBPF versions this linker emits: v0 (dynamic syscall relocations) and v3 (static syscalls). */
export type SbpfVersion = 'v0' | 'v3';

/** The two output sections: every loadable input section is merged into one of them. */
export type OutputSection = 'text' | 'rodata';

/** A defined symbol in the output image. */
export interface LinkedSymbol {
  readonly name: string;
  readonly section: OutputSection;
  /** Offset inside its output section. */
  readonly offset: number;
  readonly size: number;
  /** Address of the symbol in the sBPF VM. */
  readonly vmAddress: bigint;
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
