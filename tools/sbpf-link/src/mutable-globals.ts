import { SHN_COMMON, STT_SECTION } from './elf-constants';
import { SbpfLinkError } from './errors';
import type { ObjectSection, RelocatableObject } from './read-object';

/**
 * Refuses COMMON symbols (`int x;` under `-fcommon`): they are mutable globals, and a Solana
 * program's image is read-only, so the program would fault (or need state it cannot keep).
 */
export function rejectCommonSymbols(object: RelocatableObject): void {
  for (const symbol of object.symbols) {
    if (symbol.sectionIndex === SHN_COMMON) {
      throw new SbpfLinkError(
        'LAYOUT__COMMON_SYMBOL',
        `${object.name}: common symbol '${symbol.name}' is a mutable global; Solana programs cannot have mutable globals (keep state in accounts, on the stack or on the heap)`,
      );
    }
  }
}

/**
 * Refuses a writable loadable section (`.data`, `.bss`), naming the symbols in it so the
 * author finds the global or static to make const.
 */
export function rejectWritableSection(object: RelocatableObject, section: ObjectSection): never {
  const names = object.symbols
    .filter((s) => s.sectionIndex === section.index && s.type !== STT_SECTION && s.name)
    .map((s) => s.name);
  throw new SbpfLinkError(
    'LAYOUT__WRITABLE_SECTION',
    `${object.name}: writable section ${section.name} (${section.size} bytes; symbols: ${names.join(', ') || 'unnamed'}) — Solana programs cannot have mutable globals or statics; make it const, or keep state in accounts, on the stack or on the heap`,
  );
}
