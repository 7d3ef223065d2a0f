import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { programNode, rootNode, type RootNode } from '@codama/nodes';
import { PROGRAM_PACKAGE_DIR } from '../artifacts';
import { PRESALE_ACCOUNTS, PRESALE_PDAS } from './accounts';
import { constantDocLines } from './constants';
import { PRESALE_ERROR_NODES } from './errors';
import { PRESALE_INSTRUCTIONS } from './instructions';

/** Where the committed IDL lives (`npm run idl -w @fbt/presale-program` writes it). */
export const IDL_PATH = join(PROGRAM_PACKAGE_DIR, 'idl', 'presale.json');

/**
 * The IDL's program address. Every deployment has its own program id (the operator's deploy
 * prints it), so this is a readable placeholder: a client takes the real id as an input.
 */
export const PLACEHOLDER_PROGRAM_ADDRESS = 'FBTPresaLeProgramAddressSetPerDep1oyment1111';

/**
 * The program's interface as a Codama root node: every instruction (tag, accounts, arguments),
 * the three account layouts with their sizes, the PDAs, the error table and the constants.
 */
export function buildPresaleIdl(): RootNode {
  return rootNode(
    programNode({
      name: 'fbtPresale',
      publicKey: PLACEHOLDER_PROGRAM_ADDRESS,
      version: '0.1.0',
      docs: [
        'The FBT presale: sells FBT (an SPL Token) for SOL at a fixed price, with leader codes,',
        'an allowlist, a sale window and seller rotation, delivering the FBT in each buy or at',
        'the sale’s completion (with an optional minimum raise held in escrow, refunds and',
        'vesting). Written in C (c/presale.c), built for sBPF v0 and v3. The program address is',
        'set per deployment.',
        ...constantDocLines(),
      ],
      pdas: PRESALE_PDAS,
      accounts: PRESALE_ACCOUNTS,
      instructions: PRESALE_INSTRUCTIONS,
      errors: PRESALE_ERROR_NODES,
    }),
  );
}

/** The IDL as committed, parsed. */
export function readCommittedIdl(): RootNode {
  return JSON.parse(readFileSync(IDL_PATH, 'utf8')) as RootNode;
}

/** The IDL's JSON text (what the committed file holds before formatting). */
export function presaleIdlJson(root: RootNode = buildPresaleIdl()): string {
  return `${JSON.stringify(root, null, 2)}\n`;
}
