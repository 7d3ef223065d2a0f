/** ELF and eBPF constants used by the linker (values from the ELF gABI and the BPF psABI). */
export const ELF_MAGIC = 0x7f454c46;
export const ELFCLASS64 = 2;
export const ELFDATA2LSB = 1;
export const ET_REL = 1;
export const ET_DYN = 3;
export const EM_BPF = 247;

export const ELF_HEADER_SIZE = 64;
export const PROGRAM_HEADER_SIZE = 56;
export const SECTION_HEADER_SIZE = 64;
export const SYMBOL_SIZE = 24;
export const REL_SIZE = 16;
export const RELA_SIZE = 24;
export const DYN_ENTRY_SIZE = 16;

export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_RELA = 4;
export const SHT_DYNAMIC = 6;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;
export const SHT_DYNSYM = 11;

export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;

export const SHN_UNDEF = 0;
export const SHN_LORESERVE = 0xff00;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_FUNC = 2;
export const STT_SECTION = 3;

export const R_BPF_NONE = 0;
export const R_BPF_64_64 = 1;
export const R_BPF_64_ABS64 = 2;
export const R_BPF_64_ABS32 = 3;
export const R_BPF_64_NODYLD32 = 4;
export const R_BPF_64_32 = 10;

export const PT_LOAD = 1;
export const PT_DYNAMIC = 2;
export const PF_X = 1;
export const PF_W = 2;
export const PF_R = 4;

export const DT_NULL = 0;
export const DT_STRTAB = 5;
export const DT_SYMTAB = 6;
export const DT_STRSZ = 10;
export const DT_SYMENT = 11;
export const DT_REL = 17;
export const DT_RELSZ = 18;
export const DT_RELENT = 19;
export const DT_TEXTREL = 22;
export const DT_FLAGS = 30;
export const DF_TEXTREL = 0x4;

/** Virtual address where the sBPF VM maps the program image (`MM_PROGRAM_START`). */
export const MM_PROGRAM_START = 0x1_0000_0000n;

/** eBPF instruction encodings the linker looks at. */
export const INSN_SIZE = 8;
export const OP_LDDW = 0x18;
export const OP_CALL = 0x85;
export const OP_CALLX = 0x8d;
export const OP_EXIT = 0x95;
export const CLASS_ALU32 = 0x04;
export const CLASS_JMP32 = 0x06;
export const OP_END_LE = 0xd4;
export const OP_END_BE = 0xdc;
