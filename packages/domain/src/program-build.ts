/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '698ec8d9c6f5bb4cf2b79b9fefc26d4732c18e0ebde3e3be3168a2674636e468',
  v3: '78aafb45535a28e3e00410eef51b5134aa31c188c0241507c1a1c85dc61b9916',
} as const;
