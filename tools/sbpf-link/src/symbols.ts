import { SHN_ABS, SHN_LORESERVE, SHN_UNDEF, STB_LOCAL, STB_WEAK } from './elf-constants';
import { SbpfLinkError } from './errors';
import type { LinkedSymbol, OutputSection } from './image';
import { vmAddressOf, type FileLayout } from './layout';
import type { ObjectSymbol, RelocatableObject } from './read-object';
import { placementOf, type SectionPlacement } from './sections';

/** A global definition; a weak one gives way to a strong one of the same name. */
export interface GlobalSymbol extends LinkedSymbol {
  readonly weak: boolean;
}

/** Global definitions of all inputs, by name. */
export type GlobalSymbols = ReadonlyMap<string, GlobalSymbol>;

/** What a relocation's symbol turned out to be. */
export type ResolvedSymbol =
  | {
      readonly kind: 'defined';
      readonly name: string;
      readonly out: OutputSection;
      readonly offset: number;
    }
  | { readonly kind: 'absolute'; readonly name: string; readonly value: bigint }
  | { readonly kind: 'undefined'; readonly name: string };

function isGlobalDefinition(symbol: ObjectSymbol): boolean {
  return (
    symbol.bind !== STB_LOCAL &&
    symbol.sectionIndex !== SHN_UNDEF &&
    symbol.sectionIndex < SHN_LORESERVE
  );
}

/**
 * Collects the global definitions of all inputs, placed at their VM addresses. A strong
 * definition beats a weak one; two strong definitions of one name are an error, since either
 * choice could silently run the wrong code.
 */
export function collectGlobals(
  objects: readonly RelocatableObject[],
  placement: SectionPlacement,
  layout: FileLayout,
): GlobalSymbols {
  const globals = new Map<string, GlobalSymbol>();
  objects.forEach((object, objectIndex) => {
    for (const symbol of object.symbols) {
      if (!isGlobalDefinition(symbol)) continue;
      const place = placementOf(placement, objectIndex, symbol.sectionIndex);
      if (!place) continue;
      const weak = symbol.bind === STB_WEAK;
      const offset = place.offset + symbol.value;
      const previous = globals.get(symbol.name);
      if (previous && !previous.weak && !weak) {
        throw new SbpfLinkError(
          'SYMBOL__DUPLICATE',
          `duplicate symbol '${symbol.name}' (second definition in ${object.name})`,
        );
      }
      if (previous && !previous.weak) continue;
      globals.set(symbol.name, {
        name: symbol.name,
        section: place.out,
        offset,
        size: symbol.size,
        vmAddress: vmAddressOf(layout, place.out, offset),
        weak,
      });
    }
  });
  return globals;
}

/**
 * Resolves symbol `symbolIndex` of input `objectIndex` as a relocation sees it: an undefined
 * symbol takes the global definition of its name (or stays undefined: a syscall, or an error
 * for the relocation to report), a defined one its placed section.
 */
export function resolveSymbol(
  placement: SectionPlacement,
  globals: GlobalSymbols,
  object: RelocatableObject,
  objectIndex: number,
  symbolIndex: number,
): ResolvedSymbol {
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
  if (symbol.sectionIndex === SHN_ABS) {
    return { kind: 'absolute', name: symbol.name, value: BigInt(symbol.value) };
  }
  const place = placementOf(placement, objectIndex, symbol.sectionIndex);
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
}

/** The entry symbol, which must be defined in code: the loader starts the program there. */
export function findEntry(globals: GlobalSymbols, entryName: string): GlobalSymbol {
  const entry = globals.get(entryName);
  if (!entry || entry.section !== 'text') {
    throw new SbpfLinkError(
      'SYMBOL__NO_ENTRYPOINT',
      `entry symbol '${entryName}' is not defined in code (export it: uint64_t ${entryName}(const uint8_t *input))`,
    );
  }
  return entry;
}

/** The global definitions as the link result lists them: by VM address, without `weak`. */
export function linkedSymbols(globals: GlobalSymbols): LinkedSymbol[] {
  return [...globals.values()]
    .map(({ weak: _weak, ...symbol }) => symbol)
    .sort((a, b) => (a.vmAddress < b.vmAddress ? -1 : a.vmAddress > b.vmAddress ? 1 : 0));
}
