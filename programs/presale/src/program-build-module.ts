import type { BuildInfo } from './build-program';

/**
 * The text of `packages/domain/src/program-build.ts` for a build record: the hashes of the
 * committed builds, as the site and the operator compare a deployed program with them.
 */
export function renderDomainProgramBuild(info: BuildInfo): string {
  return `/**
 * The SHA-256 of each committed build of the presale program (\`programs/presale/dist/*.so\`),
 * as \`programs/presale/dist/build-info.json\` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '${info.sha256.v0}',
  v3: '${info.sha256.v3}',
} as const;
`;
}
