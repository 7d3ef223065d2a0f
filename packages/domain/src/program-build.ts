/**
 * The SHA-256 of each committed build of the presale program (`programs/presale/dist/*.so`),
 * as `programs/presale/dist/build-info.json` records them. The program's build writes this file
 * with that one, and a test of the program keeps the two equal, so the site and the operator
 * know, from the moment they are built, which bytes "the code in this repository" means.
 */
export const COMMITTED_PROGRAM_BUILDS = {
  v0: '30efb9b2b484df91afaa75bf7de0ec2e279c66e9a27837b7efce52f0bb673056',
  v3: 'a01a9470763f2fc66f0f2f8ea716e27244b9edefe99f458110dcf280aae06a1c',
} as const;
