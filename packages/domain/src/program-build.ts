/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '2fd65d74aa388f09511f13e3a9cc445bf166c14649504ea10833faa9462813ba',
  v3: '89008d740eb7398ce78c64243afa59a06ada5067633343c870ddb370016e134c',
} as const;
