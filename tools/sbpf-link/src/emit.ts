import { emitV0 } from './emit-v0';
import { emitV3 } from './emit-v3';
import type { LinkedImage, SbpfVersion } from './image';

/**
 * Wraps the linked image into the ELF shape of the requested sBPF version; the image is the
 * same for both, only the container (and v0's dynamic tables) differ.
 */
export function emitElf(sbpf: SbpfVersion, image: LinkedImage): Uint8Array {
  return sbpf === 'v3' ? emitV3(image) : emitV0(image);
}
