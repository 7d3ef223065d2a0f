/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: 'a79010573f1df341123c5fe280a917460a8e01e280d1fa29951b538b7721f040',
  v3: 'd4db00c3601a65be3dd2dcd86dbe0069daa61b2e51ce2c94357ca8f110140d7c',
} as const;
