/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: 'd532de8e148b81be1c87d02ba16f4b6ae058c8b15da3f544fde94af39449aa7a',
  v3: '57b35d7ccb637c21019553a4f103a1d08131e719234351247384b58154ac045b',
} as const;
