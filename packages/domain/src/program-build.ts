/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '60a62aa9d3778e3b1965a0d342fe78bdc525c8f673878691f9e78a70ea235478',
  v3: '6d5733282681cd9fa03c06495a181ad1ea3a826af5ac1d85962c9b4a1a909d22',
} as const;
