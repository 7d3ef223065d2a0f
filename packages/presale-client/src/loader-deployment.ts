import { Buffer } from 'buffer';
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  TransactionInstruction,
} from '@solana/web3.js';

/** The BPF Upgradeable Loader (loader-v3), what `solana program deploy` uses. */
export const UPGRADEABLE_LOADER_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');
/** Size of the program account the loader owns (its pointer to the program data). */
export const LOADER_PROGRAM_ACCOUNT_SIZE = 36;
/** Loader buffer header; the ELF follows it. */
const LOADER_BUFFER_HEADER_SIZE = 37;
/** ELF bytes per Write instruction: keeps each transaction under the 1,232-byte packet limit. */
export const LOADER_WRITE_CHUNK = 900;

/** Bytes of the loader buffer that will hold `elfLength` bytes of ELF. */
export function loaderBufferSize(elfLength: number): number {
  return LOADER_BUFFER_HEADER_SIZE + elfLength;
}

/** Inputs of {@link planLoaderDeployment}: keys, the ELF and the rent each new account needs. */
export interface LoaderDeploymentParams {
  /** Pays rent and fees and becomes the upgrade authority; signs every transaction. */
  readonly payer: PublicKey;
  /** A new keypair's key for the buffer; signs the first transaction. */
  readonly buffer: PublicKey;
  /** The program id keypair's key; signs the last transaction. */
  readonly program: PublicKey;
  readonly elf: Uint8Array;
  /** Rent-exempt lamports for {@link loaderBufferSize}(elf.length) bytes. */
  readonly bufferRentLamports: number;
  /** Rent-exempt lamports for {@link LOADER_PROGRAM_ACCOUNT_SIZE} bytes. */
  readonly programRentLamports: number;
  /** Room for upgrades, as a multiple of the ELF size (default 2). */
  readonly maxDataLenFactor?: number;
}

/** The transactions of a deployment, in order; the writes may be sent in any order. */
export interface LoaderDeploymentPlan {
  /** Create and InitializeBuffer (signers: payer, buffer). */
  readonly createBuffer: TransactionInstruction[];
  /** One Write per transaction (signer: payer). */
  readonly writes: readonly {
    readonly offset: number;
    readonly instruction: TransactionInstruction;
  }[];
  /** Create the program account and DeployWithMaxDataLen (signers: payer, program). */
  readonly deploy: TransactionInstruction[];
  readonly programData: PublicKey;
}

function loaderData(tag: number, ...parts: readonly Uint8Array[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(tag);
  return Buffer.concat([head, ...parts]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

function u64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}

/**
 * The real upgradeable-loader deployment (InitializeBuffer, Write…, DeployWithMaxDataLen) as
 * instructions, independent of how they are sent: the operator CLI sends them over JSON-RPC,
 * the tests straight into litesvm. Unlike `addProgram`, this runs the loader's checks.
 */
export function planLoaderDeployment(params: LoaderDeploymentParams): LoaderDeploymentPlan {
  const { payer, buffer, program, elf } = params;
  const bufferSize = loaderBufferSize(elf.length);
  const createBuffer = [
    SystemProgram.createAccount({
      fromPubkey: payer,
      newAccountPubkey: buffer,
      lamports: params.bufferRentLamports,
      space: bufferSize,
      programId: UPGRADEABLE_LOADER_ID,
    }),
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: payer, isSigner: false, isWritable: false },
      ],
      data: loaderData(0),
    }),
  ];
  const writes = [];
  for (let offset = 0; offset < elf.length; offset += LOADER_WRITE_CHUNK) {
    const chunk = elf.subarray(offset, offset + LOADER_WRITE_CHUNK);
    writes.push({
      offset,
      instruction: new TransactionInstruction({
        programId: UPGRADEABLE_LOADER_ID,
        keys: [
          { pubkey: buffer, isSigner: false, isWritable: true },
          { pubkey: payer, isSigner: true, isWritable: false },
        ],
        data: loaderData(1, u32(offset), u64(chunk.length), chunk),
      }),
    });
  }
  const [programData] = PublicKey.findProgramAddressSync(
    [program.toBytes()],
    UPGRADEABLE_LOADER_ID,
  );
  const maxDataLen = Math.ceil(elf.length * (params.maxDataLenFactor ?? 2));
  const deploy = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }),
    SystemProgram.createAccount({
      fromPubkey: payer,
      newAccountPubkey: program,
      lamports: params.programRentLamports,
      space: LOADER_PROGRAM_ACCOUNT_SIZE,
      programId: UPGRADEABLE_LOADER_ID,
    }),
    new TransactionInstruction({
      programId: UPGRADEABLE_LOADER_ID,
      keys: [
        { pubkey: payer, isSigner: true, isWritable: true },
        { pubkey: programData, isSigner: false, isWritable: true },
        { pubkey: program, isSigner: false, isWritable: true },
        { pubkey: buffer, isSigner: false, isWritable: true },
        { pubkey: SYSVAR_RENT_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: SYSVAR_CLOCK_PUBKEY, isSigner: false, isWritable: false },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        { pubkey: payer, isSigner: true, isWritable: false },
      ],
      data: loaderData(2, u64(maxDataLen)),
    }),
  ];
  return { createBuffer, writes, deploy, programData };
}

/**
 * The upgradeable loader's SetAuthority on a program's programdata: hands the upgrade authority
 * to `newAuthority` (e.g. a multisig), or with `null` removes it, after which no one can ever
 * change the program's bytes (immutable).
 */
export function buildSetUpgradeAuthorityInstruction(params: {
  readonly programData: PublicKey;
  readonly currentAuthority: PublicKey;
  readonly newAuthority: PublicKey | null;
}): TransactionInstruction {
  return new TransactionInstruction({
    programId: UPGRADEABLE_LOADER_ID,
    keys: [
      { pubkey: params.programData, isSigner: false, isWritable: true },
      { pubkey: params.currentAuthority, isSigner: true, isWritable: false },
      ...(params.newAuthority === null
        ? []
        : [{ pubkey: params.newAuthority, isSigner: false, isWritable: false }]),
    ],
    data: loaderData(4),
  });
}
