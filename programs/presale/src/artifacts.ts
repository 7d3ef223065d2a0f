import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** sBPF versions we ship: v0 for every cluster today, v3 for new deployments. */
export type ShippedSbpfVersion = 'v0' | 'v3';

/** The package root (programs/presale). */
export const PROGRAM_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** sBPF versions we ship, in build order. */
export const PROGRAM_VERSIONS: readonly ShippedSbpfVersion[] = ['v0', 'v3'];
/** The build the local chain and new deployments use. */
export const DEFAULT_PROGRAM_VERSION: ShippedSbpfVersion = 'v3';

/** Path of the committed build of one sBPF version (`dist/presale.<version>.so`). */
export function programSoPath(version: ShippedSbpfVersion = DEFAULT_PROGRAM_VERSION): string {
  return join(PROGRAM_PACKAGE_DIR, 'dist', `presale.${version}.so`);
}

/** Path of the build record (compiler version and hashes) next to the committed builds. */
export const BUILD_INFO_PATH = join(PROGRAM_PACKAGE_DIR, 'dist', 'build-info.json');

/** The committed ELF of one sBPF version, read from disk. */
export function readProgramElf(version: ShippedSbpfVersion = DEFAULT_PROGRAM_VERSION): Uint8Array {
  return new Uint8Array(readFileSync(programSoPath(version)));
}

/**
 * The domain's copy of the build hashes (`COMMITTED_PROGRAM_BUILDS`), which the site and the
 * operator compare a deployed program with; the build writes it with `BUILD_INFO_PATH`.
 */
export const DOMAIN_PROGRAM_BUILD_PATH = join(
  PROGRAM_PACKAGE_DIR,
  '..',
  '..',
  'packages',
  'domain',
  'src',
  'program-build.ts',
);
