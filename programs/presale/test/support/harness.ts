import { readFileSync } from 'node:fs';
import { address } from '@solana/kit';
import { Keypair, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { buildBuyInstructions, type BuyInstructionsParams } from '@fbt/presale-client';
import { programSoPath } from '../../src/artifacts';
import {
  createFundedKeypair,
  createPresaleFixture,
  sendLegacyTransaction,
  type PresaleFixture,
  type PresaleFixtureOptions,
  type TransactionOutcome,
} from './index';

/** Both shipped builds; every behaviour runs on each. */
export const SBPF_VERSIONS = ['v0', 'v3'] as const;
export type ShippedVersion = (typeof SBPF_VERSIONS)[number];

const elfCache = new Map<ShippedVersion, Uint8Array>();

/** The committed build (programs/presale/dist). */
export function loadProgramElf(version: ShippedVersion): Uint8Array {
  let elf = elfCache.get(version);
  if (!elf) {
    elf = new Uint8Array(readFileSync(programSoPath(version)));
    elfCache.set(version, elf);
  }
  return elf;
}

/** A fresh chain with the program loaded by `addProgram` (the loader path has its own test). */
export interface Chain {
  readonly svm: LiteSVM;
  readonly programId: PublicKey;
}

export function createChain(version: ShippedVersion): Chain {
  const svm = new LiteSVM();
  const programId = Keypair.generate().publicKey;
  svm.addProgram(address(programId.toBase58()), loadProgramElf(version));
  return { svm, programId };
}

/** A chain plus an initialized presale. */
export function createPresale(
  version: ShippedVersion,
  options: Partial<PresaleFixtureOptions> = {},
): Chain & { fixture: PresaleFixture } {
  const chain = createChain(version);
  const fixture = createPresaleFixture({ ...chain, ...options });
  return { ...chain, fixture };
}

/** Sends a purchase (creating the buyer's ATA idempotently) signed by `buyer`. */
export function buy(
  chain: Chain & { fixture: PresaleFixture },
  buyer: Keypair,
  lamports: bigint,
  extra: Partial<BuyInstructionsParams> = {},
): TransactionOutcome {
  const instructions = buildBuyInstructions({
    ...chain.fixture.buyParams(buyer.publicKey, lamports),
    createBuyerTokenAccount: true,
    ...extra,
  });
  return sendLegacyTransaction(chain.svm, instructions, [buyer]);
}

/** Sends instructions signed by `signers`. */
export function send(
  chain: Chain,
  instructions: TransactionInstruction[],
  signers: Keypair[],
): TransactionOutcome {
  return sendLegacyTransaction(chain.svm, instructions, signers);
}

export { createFundedKeypair };
