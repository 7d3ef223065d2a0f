/** Stable codes for every way a link can fail; never renamed once published. */
export type SbpfLinkErrorCode =
  | 'INPUT__NOT_ELF'
  | 'INPUT__WRONG_CLASS'
  | 'INPUT__NOT_RELOCATABLE'
  | 'INPUT__NOT_BPF'
  | 'INPUT__TRUNCATED'
  | 'INPUT__NO_TEXT'
  | 'LAYOUT__WRITABLE_SECTION'
  | 'LAYOUT__COMMON_SYMBOL'
  | 'LAYOUT__BAD_TEXT_SIZE'
  | 'SYMBOL__DUPLICATE'
  | 'SYMBOL__UNDEFINED'
  | 'SYMBOL__UNKNOWN_SYSCALL'
  | 'SYMBOL__NO_ENTRYPOINT'
  | 'RELOC__UNSUPPORTED'
  | 'RELOC__MISPLACED'
  | 'INSN__JMP32'
  | 'INSN__ALU32'
  | 'INSN__CPU_V4'
  | 'INSN__ATOMIC'
  | 'INSN__UNRESOLVED_CALL'
  | 'OPTION__BAD_VERSION';

/**
 * The one error type of the linker: `code` is stable for programs, `message` explains the
 * problem and the fix for humans.
 */
export class SbpfLinkError extends Error {
  readonly code: SbpfLinkErrorCode;

  constructor(code: SbpfLinkErrorCode, message: string) {
    super(`sbpf-link: ${message}`);
    this.name = 'SbpfLinkError';
    this.code = code;
  }
}
