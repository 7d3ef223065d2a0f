import { Keypair, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';
import {
  LOADER_PROGRAM_ACCOUNT_SIZE,
  loaderBufferSize,
  planLoaderDeployment,
} from '@fbt/presale-client';
import { sendLegacyTransaction } from './send';

export { UPGRADEABLE_LOADER_ID } from '@fbt/presale-client';

/** Options of {@link deployProgramViaLoader}. */
export interface DeployViaLoaderOptions {
  /** Pays rent and fees and becomes the upgrade authority. */
  readonly payer: Keypair;
  /** Program id keypair (random by default). */
  readonly programKeypair?: Keypair;
  /** Room for upgrades, as a multiple of the ELF size (default 2). */
  readonly maxDataLenFactor?: number;
}

/** Where a deployed program lives. */
export interface DeployedProgram {
  readonly programId: PublicKey;
  readonly programData: PublicKey;
  readonly transactions: number;
}

/**
 * Deploys an ELF the way `solana program deploy` does, through the real BPF Upgradeable Loader
 * instructions (InitializeBuffer, Write..., DeployWithMaxDataLen), so the loader's deployment
 * checks run (unlike `svm.addProgram`). Advances one slot so the program is invocable.
 * Throws with the loader's logs when a step fails.
 */
export function deployProgramViaLoader(
  svm: LiteSVM,
  elf: Uint8Array,
  options: DeployViaLoaderOptions,
): DeployedProgram {
  const { payer } = options;
  const program = options.programKeypair ?? Keypair.generate();
  const buffer = Keypair.generate();
  let transactions = 0;
  const send = (
    label: string,
    instructions: TransactionInstruction[],
    signers: Keypair[],
  ): void => {
    const outcome = sendLegacyTransaction(svm, instructions, signers);
    transactions += 1;
    if (!outcome.ok)
      throw new Error(`loader ${label} failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  };
  const rent = (size: number): number => Number(svm.minimumBalanceForRentExemption(BigInt(size)));
  const plan = planLoaderDeployment({
    payer: payer.publicKey,
    buffer: buffer.publicKey,
    program: program.publicKey,
    elf,
    bufferRentLamports: rent(loaderBufferSize(elf.length)),
    programRentLamports: rent(LOADER_PROGRAM_ACCOUNT_SIZE),
    ...(options.maxDataLenFactor === undefined
      ? {}
      : { maxDataLenFactor: options.maxDataLenFactor }),
  });
  send('InitializeBuffer', plan.createBuffer, [payer, buffer]);
  for (const write of plan.writes) send(`Write@${write.offset}`, [write.instruction], [payer]);
  send('DeployWithMaxDataLen', plan.deploy, [payer, program]);
  // A freshly deployed program becomes invocable from the next slot.
  svm.warpToSlot(svm.getClock().slot + 1n);
  return { programId: program.publicKey, programData: plan.programData, transactions };
}
