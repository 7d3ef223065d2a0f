export { linkObjects } from './link';
export type { LinkInput, LinkOptions, LinkResult, LinkedSymbol, SbpfVersion } from './link';
export { SbpfLinkError } from './errors';
export type { SbpfLinkErrorCode } from './errors';
export { murmur3x86x32 } from './murmur3';
export { computeSyscallHash, KNOWN_SYSCALLS } from './syscalls';
export { BPF_CFLAGS, CLANG, CLANG_PACKAGE, compileBpfObject, ensureClang } from './clang';
export type { CompileOptions, EnsureClangOptions } from './clang';
export { parseRelocatableObject } from './read-object';
