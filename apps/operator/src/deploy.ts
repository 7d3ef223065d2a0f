import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  TransactionInstruction,
} from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

/** The BPF Upgradeable Loader (loader-v3), what `solana program deploy` uses. */
export const UPGRADEABLE_LOADER_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');
const BUFFER_HEADER_SIZE = 37;
const PROGRAM_ACCOUNT_SIZE = 36;
/** ELF bytes per Write; keeps each transaction under the 1,232-byte packet limit. */
const WRITE_CHUNK = 900;
const PARALLEL_WRITES = 8;
const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46];

export interface DeployOptions {
  connection: Connection;
  /** Pays rent and fees; becomes the upgrade authority. */
  payer: Keypair;
  elf: Uint8Array;
  /** Program id keypair (new by default). */
  programKeypair?: Keypair;
  /** Space reserved for upgrades, as a multiple of the ELF size (default 2). */
  maxDataLenFactor?: number;
  onProgress?: (line: string) => void;
}

export interface DeployResult {
  programId: PublicKey;
  programData: PublicKey;
  transactions: number;
}

function loaderData(tag: number, ...parts: readonly Uint8Array[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(tag);
  return Buffer.concat([head, ...parts]);
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}

function u64(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(value));
  return out;
}

/**
 * Deploys an sBPF program through the upgradeable loader over JSON-RPC (InitializeBuffer, Write
 * chunks, DeployWithMaxDataLen) and waits until it is invocable (the slot after deployment).
 */
export async function deployProgram(options: DeployOptions): Promise<DeployResult> {
  const { connection, payer, elf } = options;
  const progress = options.onProgress ?? (() => undefined);
  if (elf.length < 64 || !ELF_MAGIC.every((byte, i) => elf[i] === byte)) {
    throw new OperatorError('the program file is not an ELF shared object (.so)', 2);
  }
  const program = options.programKeypair ?? Keypair.generate();
  if ((await connection.getAccountInfo(program.publicKey, 'confirmed')) !== null) {
    throw new OperatorError(
      `program id ${program.publicKey.toBase58()} already has an account; upgrades are not supported by this command`,
    );
  }
  const buffer = Keypair.generate();
  const bufferSize = BUFFER_HEADER_SIZE + elf.length;
  let transactions = 0;

  progress(`creating a ${bufferSize}-byte loader buffer`);
  await sendInstructions(
    connection,
    'InitializeBuffer',
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: buffer.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(bufferSize),
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
  transactions += 1;

  const offsets: number[] = [];
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK) offsets.push(offset);
  progress(`writing ${elf.length} bytes in ${offsets.length} transactions`);
  for (let i = 0; i < offsets.length; i += PARALLEL_WRITES) {
    await Promise.all(
      offsets.slice(i, i + PARALLEL_WRITES).map((offset) => {
        const chunk = elf.subarray(offset, offset + WRITE_CHUNK);
        return sendInstructions(
          connection,
          `Write at ${offset}`,
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
      }),
    );
    transactions += Math.min(PARALLEL_WRITES, offsets.length - i);
  }

  const [programData] = PublicKey.findProgramAddressSync(
    [program.publicKey.toBytes()],
    UPGRADEABLE_LOADER_ID,
  );
  progress('deploying');
  const signature = await sendInstructions(
    connection,
    'DeployWithMaxDataLen',
    [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }),
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: program.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
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
        data: loaderData(2, u64(Math.ceil(elf.length * (options.maxDataLenFactor ?? 2)))),
      }),
    ],
    [payer, program],
  );
  transactions += 1;

  // Loader-v3 programs become invocable in the slot after the one they were deployed in.
  const status = await connection.getSignatureStatus(signature, { searchTransactionHistory: true });
  const deployedSlot = status.value?.slot ?? (await connection.getSlot('confirmed'));
  const deadline = Date.now() + 30_000;
  while ((await connection.getSlot('confirmed')) <= deployedSlot) {
    if (Date.now() > deadline)
      throw new OperatorError('the cluster did not advance a slot within 30 s after deployment');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { programId: program.publicKey, programData, transactions };
}
