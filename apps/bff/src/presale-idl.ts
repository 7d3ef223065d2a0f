import { readFileSync } from 'node:fs';
import { fromRepoRoot } from './repo-root';

/** The program's committed Codama IDL, from the repository root. */
export const PRESALE_IDL_FILE = 'programs/presale/idl/presale.json';

/**
 * The compiled BFF carries the IDL's text (deploy/build-bff.mjs defines this name), since the
 * image holds no `programs/`; under tsx it is undefined and the file is read.
 */
declare const FBT_EMBEDDED_PRESALE_IDL: string | undefined;

/**
 * The exact bytes of the committed IDL (`programs/presale/idl/presale.json`): compiled into the
 * image's BFF, read from the repository otherwise.
 */
export function readPresaleIdl(): Uint8Array {
  if (typeof FBT_EMBEDDED_PRESALE_IDL === 'string') {
    return new TextEncoder().encode(FBT_EMBEDDED_PRESALE_IDL);
  }
  return new Uint8Array(readFileSync(fromRepoRoot(PRESALE_IDL_FILE)));
}
