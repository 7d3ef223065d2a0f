/**
 * The program-cu benchmark's chain: a litesvm with one build of the presale program, reproducible
 * keys, and the units the runtime charged the program per transaction (see program-cu.ts).
 */
import { address } from '@solana/kit';
import type { PublicKey } from '@solana/web3.js';
import { Keypair, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import { sendLegacyTransaction, type createPresaleFixture } from '@fbt/presale-program/testing';
import { readProgramElf } from '@fbt/presale-program';

const SOL = LAMPORTS_PER_SOL;

/** A keypair from a fixed seed byte (reproducible addresses). */
export const seeded = (tag: number, index = 0): Keypair =>
  Keypair.fromSeed(
    Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? tag : i === 1 ? index : 7)),
  );

export function unitsOf(programId: PublicKey, logs: readonly string[]): number {
  const pattern = new RegExp(
    `^Program ${programId.toBase58()} consumed (\\d+) of \\d+ compute units$`,
  );
  const units = logs
    .map((line) => pattern.exec(line)?.[1])
    .filter((u): u is string => u !== undefined);
  if (units.length !== 1)
    throw new Error(`expected one 'consumed' line for the program, got ${units.length}`);
  return Number(units[0]);
}

export interface Row {
  readonly label: string;
  readonly units: number;
}

/**
 * A litesvm with one build of the program (the committed one, or `elf`), and the helpers every
 * phase uses.
 */
export function benchChain(version: 'v0' | 'v3', elf?: Uint8Array) {
  const svm = new LiteSVM();
  const programId = seeded(1).publicKey;
  svm.addProgram(address(programId.toBase58()), elf ?? readProgramElf(version));
  const chain = { svm, programId };
  const fund = (keypair: Keypair, sol: bigint): Keypair => {
    svm.airdrop(address(keypair.publicKey.toBase58()), (sol * SOL) as never);
    return keypair;
  };
  const run = (
    instructions: TransactionInstruction[],
    signers: Keypair[],
    expectOk = true,
  ): string[] => {
    const outcome = sendLegacyTransaction(svm, instructions, signers);
    if (outcome.ok !== expectOk)
      throw new Error(`unexpected outcome: ${outcome.error || 'success'}`);
    return [...outcome.logs];
  };

  const payer = fund(seeded(2), 10n);
  const baselineLogs = sendLegacyTransaction(
    svm,
    [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: seeded(3).publicKey,
        lamports: SOL,
      }),
    ],
    [payer],
  );
  const baseline = Number(baselineLogs.computeUnits);

  const rows: Row[] = [];
  const unitsFor = (label: string, logs: string[]): number => {
    const units = unitsOf(programId, logs);
    rows.push({ label, units });
    return units;
  };

  return { svm, programId, chain, fund, run, payer, baseline, rows, unitsFor };
}
export type BenchChain = ReturnType<typeof benchChain>;
export type BenchPresale = ReturnType<typeof createPresaleFixture>;
