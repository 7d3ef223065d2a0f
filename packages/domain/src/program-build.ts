/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '64a90b10a525288f925b0aa6b403de7104c8ba6b2235438494894fedc45e3092',
  v3: 'e7131136e0e70eecf2af6453a76af9e6b3d777c72a75b4f52f2ff135385d2038',
} as const;
