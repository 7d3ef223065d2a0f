/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '44514d1d5d9664bd6080ed7caea6f946906d2b936430acc450d561d258941f91',
  v3: 'cb444946d12c22ca54a6e455280629c3192a93aaa9f7a3b235909fbb2541452f',
} as const;
