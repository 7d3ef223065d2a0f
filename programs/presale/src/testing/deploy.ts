import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  TransactionInstruction,
} from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';
import { sendLegacyTransaction } from './send';

/** The BPF Upgradeable Loader (loader-v3). */
export const UPGRADEABLE_LOADER_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

const BUFFER_METADATA_SIZE = 37;
const PROGRAM_ACCOUNT_SIZE = 36;
/** Bytes of ELF per Write instruction; keeps each transaction under the 1232-byte limit. */
const WRITE_CHUNK = 900;

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

function loaderData(tag: number, ...parts: readonly Uint8Array[]): Buffer {
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, tag, true);
  return Buffer.concat([head, ...parts]);
}

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

function u64(value: number | bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
  return bytes;
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

  const bufferSize = BUFFER_METADATA_SIZE + elf.length;
  send(
    'InitializeBuffer',
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: rent(bufferSize),
        space: bufferSize,
        programId: UPGRADEABLE_LOADER_ID,
      }),
      new TransactionInstruction({
        programId: UPGRADEABLE_LOADER_ID,
        keys: [
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: payer.publicKey, isSigner: false, isWritable: false },
        ],
        data: loaderData(0),
      }),
    ],
    [payer, buffer],
  );
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK) {
    const chunk = elf.subarray(offset, offset + WRITE_CHUNK);
    send(
      `Write@${offset}`,
      [
        new TransactionInstruction({
          programId: UPGRADEABLE_LOADER_ID,
          keys: [
            { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
            { pubkey: payer.publicKey, isSigner: true, isWritable: false },
          ],
          data: loaderData(1, u32(offset), u64(chunk.length), chunk),
        }),
      ],
      [payer],
    );
  }
  const [programData] = PublicKey.findProgramAddressSync(
    [program.publicKey.toBytes()],
    UPGRADEABLE_LOADER_ID,
  );
  const factor = options.maxDataLenFactor ?? 2;
  send(
    'DeployWithMaxDataLen',
    [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }),
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: program.publicKey,
        lamports: rent(PROGRAM_ACCOUNT_SIZE),
        space: PROGRAM_ACCOUNT_SIZE,
        programId: UPGRADEABLE_LOADER_ID,
      }),
      new TransactionInstruction({
        programId: UPGRADEABLE_LOADER_ID,
        keys: [
          { pubkey: payer.publicKey, isSigner: true, isWritable: true },
          { pubkey: programData, isSigner: false, isWritable: true },
          { pubkey: program.publicKey, isSigner: false, isWritable: true },
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: payer.publicKey, isSigner: true, isWritable: false },
        ],
        data: loaderData(2, u64(Math.ceil(elf.length * factor))),
      }),
    ],
    [payer, program],
  );
  // A freshly deployed program becomes invocable from the next slot.
  svm.warpToSlot(svm.getClock().slot + 1n);
  return { programId: program.publicKey, programData, transactions };
}
