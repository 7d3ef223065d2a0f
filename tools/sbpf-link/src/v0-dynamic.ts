import type { ByteSink } from './bytes';
import {
  DF_TEXTREL,
  DT_FLAGS,
  DT_NULL,
  DT_REL,
  DT_RELENT,
  DT_RELSZ,
  DT_STRSZ,
  DT_STRTAB,
  DT_SYMENT,
  DT_SYMTAB,
  DT_TEXTREL,
  DYN_ENTRY_SIZE,
  R_BPF_64_32,
  REL_SIZE,
  STB_GLOBAL,
  STT_FUNC,
  STT_NOTYPE,
  SYMBOL_SIZE,
} from './elf-constants';
import type { LinkedImage } from './image';

/** One `.dynsym` entry. */
interface DynamicSymbol {
  readonly nameOffset: number;
  readonly info: number;
  readonly sectionIndex: number;
  readonly value: bigint;
  readonly size: bigint;
}

/** One `.rel.dyn` entry. */
interface DynamicRelocation {
  readonly offset: bigint;
  readonly info: bigint;
}

/**
 * What the v0 loader reads to export the entrypoint and resolve syscalls: `.dynsym` (null
 * symbol, the entry, then each syscall once), `.dynstr`, and one `R_BPF_64_32` in `.rel.dyn`
 * per syscall call site.
 */
export interface DynamicTables {
  readonly symbols: readonly DynamicSymbol[];
  readonly dynstr: Uint8Array;
  readonly relocations: readonly DynamicRelocation[];
}

/** Where the tables landed in the file, which the `.dynamic` entries point at. */
export interface DynamicTableOffsets {
  readonly dynsymOffset: number;
  readonly dynstrOffset: number;
  readonly dynstrSize: number;
  readonly relOffset: number;
  readonly relocationCount: number;
}

function createStringTable(): { add(value: string): number; bytes(): Uint8Array } {
  const encoder = new TextEncoder();
  const strings: Uint8Array[] = [new Uint8Array([0])];
  let length = 1;
  return {
    add(value) {
      const at = length;
      const bytes = encoder.encode(`${value}\0`);
      strings.push(bytes);
      length += bytes.length;
      return at;
    },
    bytes() {
      const table = new Uint8Array(length);
      strings.reduce((at, bytes) => (table.set(bytes, at), at + bytes.length), 0);
      return table;
    },
  };
}

/** Builds the dynamic symbol, string and relocation tables of a v0 object. */
export function buildDynamicTables(image: LinkedImage): DynamicTables {
  const strings = createStringTable();
  const symbols: DynamicSymbol[] = [
    { nameOffset: 0, info: 0, sectionIndex: 0, value: 0n, size: 0n },
    {
      nameOffset: strings.add(image.entryName),
      info: (STB_GLOBAL << 4) | STT_FUNC,
      sectionIndex: 1,
      value: BigInt(image.textFileOffset + image.entryOffset),
      size: BigInt(image.entrySize),
    },
  ];
  const syscallSymbol = new Map<string, number>();
  for (const site of image.syscallSites) {
    if (syscallSymbol.has(site.name)) continue;
    syscallSymbol.set(site.name, symbols.length);
    symbols.push({
      nameOffset: strings.add(site.name),
      info: (STB_GLOBAL << 4) | STT_NOTYPE,
      sectionIndex: 0,
      value: 0n,
      size: 0n,
    });
  }
  const relocations = image.syscallSites.map((site) => ({
    offset: BigInt(image.textFileOffset + site.offset),
    info: (BigInt(syscallSymbol.get(site.name) ?? 0) << 32n) | BigInt(R_BPF_64_32),
  }));
  return { symbols, dynstr: strings.bytes(), relocations };
}

/** Number of `.dynamic` entries: the table entries, plus the relocation ones when there are any. */
export function dynamicEntryCount(hasRelocations: boolean): number {
  return (hasRelocations ? 5 : 0) + 5;
}

/** The `.dynamic` entries (tag, value), in platform-tools order, ending with DT_NULL. */
function dynamicEntries(offsets: DynamicTableOffsets): [number, number][] {
  const hasRelocations = offsets.relocationCount > 0;
  const entries: [number, number][] = [];
  if (hasRelocations) {
    entries.push(
      [DT_FLAGS, DF_TEXTREL],
      [DT_REL, offsets.relOffset],
      [DT_RELSZ, offsets.relocationCount * REL_SIZE],
      [DT_RELENT, REL_SIZE],
    );
  }
  entries.push(
    [DT_SYMTAB, offsets.dynsymOffset],
    [DT_SYMENT, SYMBOL_SIZE],
    [DT_STRTAB, offsets.dynstrOffset],
    [DT_STRSZ, offsets.dynstrSize],
  );
  if (hasRelocations) entries.push([DT_TEXTREL, 0]);
  entries.push([DT_NULL, 0]);
  return entries;
}

/** Writes `.dynamic`, `.dynsym` and `.rel.dyn` entries at their offsets. */
export function writeDynamicTables(
  out: ByteSink,
  offsets: DynamicTableOffsets & { readonly dynamicOffset: number },
  tables: DynamicTables,
): void {
  dynamicEntries(offsets).forEach(([tag, value], k) => {
    out.u64(offsets.dynamicOffset + k * DYN_ENTRY_SIZE, tag);
    out.u64(offsets.dynamicOffset + k * DYN_ENTRY_SIZE + 8, value);
  });
  tables.symbols.forEach((symbol, k) => {
    const o = offsets.dynsymOffset + k * SYMBOL_SIZE;
    out.u32(o, symbol.nameOffset);
    out.u8(o + 4, symbol.info);
    out.u16(o + 6, symbol.sectionIndex);
    out.u64(o + 8, symbol.value);
    out.u64(o + 16, symbol.size);
  });
  out.copy(offsets.dynstrOffset, tables.dynstr);
  tables.relocations.forEach((relocation, k) => {
    out.u64(offsets.relOffset + k * REL_SIZE, relocation.offset);
    out.u64(offsets.relOffset + k * REL_SIZE + 8, relocation.info);
  });
}
