/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '9f6d5ae7310d37c3b17b653a50294ae5af52b31d77b951e44f7614b59fbe7d0f',
  v3: '269bc741ea98c4965dfa5abb0a1b83ccfdcf175107952255ca735db348c73b68',
} as const;
