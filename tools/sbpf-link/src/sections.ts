import { alignUp } from './bytes';
import { INSN_SIZE, SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS } from './elf-constants';
import { SbpfLinkError } from './errors';
import type { OutputSection } from './image';
import { rejectCommonSymbols, rejectWritableSection } from './mutable-globals';
import type { ObjectSection, RelocatableObject } from './read-object';

/** Where one input section landed: its output section and its offset inside it. */
export interface Placement {
  readonly out: OutputSection;
  readonly offset: number;
}

/** One input section whose bytes go to `offset` in an output section. */
export interface Chunk {
  readonly object: RelocatableObject;
  readonly section: ObjectSection;
  readonly offset: number;
}

/**
 * Every loadable input section placed into `.text` or `.rodata`, in input order. Symbols and
 * relocations refer to input sections by index, so later stages look placements up with
 * {@link placementOf}.
 */
export interface SectionPlacement {
  readonly placements: ReadonlyMap<string, Placement>;
  readonly textChunks: readonly Chunk[];
  readonly rodataChunks: readonly Chunk[];
  readonly textSize: number;
  readonly rodataSize: number;
  /** Largest alignment any rodata input asks for (at least 8). */
  readonly rodataAlign: number;
}

interface PlacementBuilder {
  readonly placements: Map<string, Placement>;
  readonly textChunks: Chunk[];
  readonly rodataChunks: Chunk[];
  textSize: number;
  rodataSize: number;
  rodataAlign: number;
}

function placementKey(objectIndex: number, sectionIndex: number): string {
  return `${objectIndex}:${sectionIndex}`;
}

/** The placement of section `sectionIndex` of input `objectIndex`; undefined if not loaded. */
export function placementOf(
  placement: SectionPlacement,
  objectIndex: number,
  sectionIndex: number,
): Placement | undefined {
  return placement.placements.get(placementKey(objectIndex, sectionIndex));
}

function isLoadable(section: ObjectSection): boolean {
  return (section.flags & SHF_ALLOC) !== 0 && section.size !== 0;
}

function isReadOnlyData(section: ObjectSection): boolean {
  return (section.flags & SHF_WRITE) === 0 || section.name.startsWith('.data.rel.ro');
}

function placeText(
  builder: PlacementBuilder,
  object: RelocatableObject,
  objectIndex: number,
  section: ObjectSection,
): void {
  if (section.size % INSN_SIZE !== 0) {
    throw new SbpfLinkError(
      'LAYOUT__BAD_TEXT_SIZE',
      `${object.name}: ${section.name} is ${section.size} bytes, not a multiple of 8`,
    );
  }
  const offset = alignUp(builder.textSize, Math.max(INSN_SIZE, section.align));
  builder.placements.set(placementKey(objectIndex, section.index), { out: 'text', offset });
  builder.textChunks.push({ object, section, offset });
  builder.textSize = offset + section.size;
}

function placeRodata(
  builder: PlacementBuilder,
  object: RelocatableObject,
  objectIndex: number,
  section: ObjectSection,
): void {
  const offset = alignUp(builder.rodataSize, section.align);
  builder.rodataAlign = Math.max(builder.rodataAlign, section.align);
  builder.placements.set(placementKey(objectIndex, section.index), { out: 'rodata', offset });
  builder.rodataChunks.push({ object, section, offset });
  builder.rodataSize = offset + section.size;
}

/**
 * Places every loadable section of every input, in input order: executable sections into
 * `.text`, read-only data into `.rodata`. Refuses mutable globals (COMMON symbols and writable
 * sections) as it meets them, and an input set with no code at all.
 */
export function placeSections(objects: readonly RelocatableObject[]): SectionPlacement {
  const builder: PlacementBuilder = {
    placements: new Map(),
    textChunks: [],
    rodataChunks: [],
    textSize: 0,
    rodataSize: 0,
    rodataAlign: 8,
  };
  objects.forEach((object, objectIndex) => {
    rejectCommonSymbols(object);
    for (const section of object.sections) {
      if (!isLoadable(section)) continue;
      if ((section.flags & SHF_EXECINSTR) !== 0) placeText(builder, object, objectIndex, section);
      else if (isReadOnlyData(section)) placeRodata(builder, object, objectIndex, section);
      else rejectWritableSection(object, section);
    }
  });
  if (builder.textSize === 0) {
    throw new SbpfLinkError('INPUT__NO_TEXT', 'no executable code in the inputs');
  }
  return builder;
}

/** Copies the chunks' file bytes into a zero-filled section; NOBITS rodata (`.bss`-like) stays zero. */
function copyChunks(size: number, chunks: readonly Chunk[], skipNobits: boolean): Uint8Array {
  const out = new Uint8Array(size);
  for (const { object, section, offset } of chunks) {
    if (skipNobits && section.type === SHT_NOBITS) continue;
    out.set(object.bytes.subarray(section.offset, section.offset + section.size), offset);
  }
  return out;
}

/**
 * Builds the output `.text` and `.rodata` bytes from the placed input sections, before any
 * relocation is applied.
 */
export function mergeSections(placement: SectionPlacement): {
  readonly text: Uint8Array;
  readonly rodata: Uint8Array;
} {
  return {
    text: copyChunks(placement.textSize, placement.textChunks, false),
    rodata: copyChunks(placement.rodataSize, placement.rodataChunks, true),
  };
}
