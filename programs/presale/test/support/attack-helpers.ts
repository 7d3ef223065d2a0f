/**
 * Shared by the security-*.test.ts files: how an attack is described, how a refusal is
 * checked (the program's exact error, as the client decodes it) and the suite that runs every
 * attack on a fresh presale on both shipped builds.
 */
import { TransactionInstruction, type AccountMeta, type Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  decodePresaleError,
  findAssociatedTokenAddress,
  PRESALE_ERRORS,
  type PresaleErrorName,
} from '@fbt/presale-client';
import type { TransactionOutcome } from './index';
import {
  createFundedKeypair,
  createPresale,
  send,
  SBPF_VERSIONS,
  type ShippedVersion,
} from './harness';
import { TOKEN_PROGRAM_NAMES, type TokenProgramName } from './token-instructions';

export const SOL = LAMPORTS_PER_SOL;
export const U64_MAX = 0xffff_ffff_ffff_ffffn;

export type Scenario = ReturnType<typeof createPresale>;

/** Replaces account `index` of an instruction. */
export function withAccount(
  ix: TransactionInstruction,
  index: number,
  meta: Partial<AccountMeta>,
): TransactionInstruction {
  const keys = ix.keys.map((key, i) => (i === index ? { ...key, ...meta } : key));
  return new TransactionInstruction({ programId: ix.programId, keys, data: ix.data });
}

function codeOf(name: PresaleErrorName): number {
  const entry = Object.entries(PRESALE_ERRORS).find(([, value]) => value.name === name);
  if (!entry) throw new Error(`unknown error ${name}`);
  return Number(entry[0]);
}

export function expectRejected(outcome: TransactionOutcome, name: PresaleErrorName): void {
  expect(outcome.ok, `expected ${name}, transaction succeeded`).toBe(false);
  expect({ code: outcome.customCode, name: outcome.presaleError?.name }).toEqual({
    code: codeOf(name),
    name,
  });
  // The client finds the same error in the chain's real logs and in litesvm's error text.
  expect(decodePresaleError(undefined, outcome.logs)?.name).toBe(name);
  expect(decodePresaleError(outcome.error)?.name).toBe(name);
}

/** A ready buyer (ATA already created) and the plain Buy instruction for `lamports`. */
export function prepareBuyer(
  s: Scenario,
  lamports = SOL,
): { buyer: Keypair; ix: TransactionInstruction } {
  const buyer = createFundedKeypair(s.svm, 100n);
  const ata = findAssociatedTokenAddress({
    owner: buyer.publicKey,
    mint: s.fixture.mint,
    tokenProgram: s.fixture.tokenProgram,
  });
  const [createAta] = buildBuyInstructions({
    ...s.fixture.buyParams(buyer.publicKey, 0n),
    createBuyerTokenAccount: true,
  });
  if (!createAta) throw new Error('no ATA instruction');
  expect(send(s, [createAta], [buyer]).error).toBe('');
  return {
    buyer,
    ix: buildBuyInstruction({
      ...s.fixture.buyParams(buyer.publicKey, lamports),
      buyerTokenAccount: ata,
    }),
  };
}

/** One attack: what it does on a fresh presale, and the error the program must answer. */
export interface Attack {
  readonly name: string;
  readonly expected: PresaleErrorName;
  readonly run: (s: Scenario, version: ShippedVersion) => TransactionOutcome;
}

/** What a security suite runs over besides both shipped builds. */
export interface AttackSuiteOptions {
  /**
   * The token programs of the presale's mint: both where the attack touches tokens (each
   * attack then runs on an SPL Token and on a Token-2022 presale), SPL Token alone by default.
   */
  readonly tokenPrograms?: readonly TokenProgramName[];
}

/**
 * The security suite on both shipped builds: each attack runs on its own fresh presale and
 * must be refused with its exact error; `more` adds a file's own tests to the same suite.
 * Every security file uses the same suite name, so test names do not depend on the file.
 */
export function describeAttacks(
  attacks: readonly Attack[],
  more?: (version: ShippedVersion) => void,
  options: AttackSuiteOptions = {},
): void {
  const tokenPrograms = options.tokenPrograms ?? ['spl-token'];
  describe.each(SBPF_VERSIONS)('security (sBPF %s)', (version) => {
    describe.each(tokenPrograms)('%s mint', (tokenProgram) => {
      it.each(attacks)('rejects $name with $expected', ({ run, expected }) => {
        const scenario = createPresale(version, { tokenProgram });
        expectRejected(run(scenario, version), expected);
      });
    });
    more?.(version);
  });
}

/** Both token programs, for suites whose attacks touch tokens. */
export const BOTH_TOKEN_PROGRAMS = TOKEN_PROGRAM_NAMES;
