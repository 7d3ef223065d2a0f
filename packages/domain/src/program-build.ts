/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '1f05fc0b2a0d9375cbf25e25026624c648e42c186b5d4b354daf2a409255d22c',
  v3: 'dcc55eb291daf7e1540a784071d78a96f38ec3edc7f9d916bc4c439afb805762',
} as const;
