import { Keypair, type Connection, type PublicKey } from '@solana/web3.js';
import {
  buildSetUpgradeAuthorityInstruction,
  LOADER_PROGRAM_ACCOUNT_SIZE,
  loaderBufferSize,
  planLoaderDeployment,
} from '@fbt/presale-client';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

export { UPGRADEABLE_LOADER_ID } from '@fbt/presale-client';

/** Write transactions in flight at once. */
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
  /**
   * Removes the upgrade authority once deployed (the loader's SetAuthority to none): the
   * program's bytes can never change again, which a visitor's verify page shows as immutable.
   */
  final?: boolean;
  onProgress?: (line: string) => void;
}

export interface DeployResult {
  programId: PublicKey;
  programData: PublicKey;
  /** True when the program was made immutable ({@link DeployOptions.final}). */
  final: boolean;
  transactions: number;
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
  const bufferSize = loaderBufferSize(elf.length);
  const plan = planLoaderDeployment({
    payer: payer.publicKey,
    buffer: buffer.publicKey,
    program: program.publicKey,
    elf,
    bufferRentLamports: await connection.getMinimumBalanceForRentExemption(bufferSize),
    programRentLamports: await connection.getMinimumBalanceForRentExemption(
      LOADER_PROGRAM_ACCOUNT_SIZE,
    ),
    ...(options.maxDataLenFactor === undefined
      ? {}
      : { maxDataLenFactor: options.maxDataLenFactor }),
  });
  let transactions = 0;

  progress(`creating a ${bufferSize}-byte loader buffer`);
  await sendInstructions(connection, 'InitializeBuffer', plan.createBuffer, [payer, buffer]);
  transactions += 1;

  progress(`writing ${elf.length} bytes in ${plan.writes.length} transactions`);
  for (let i = 0; i < plan.writes.length; i += PARALLEL_WRITES) {
    const batch = plan.writes.slice(i, i + PARALLEL_WRITES);
    await Promise.all(
      batch.map((write) =>
        sendInstructions(connection, `Write at ${write.offset}`, [write.instruction], [payer]),
      ),
    );
    transactions += batch.length;
  }

  progress('deploying');
  const signature = await sendInstructions(connection, 'DeployWithMaxDataLen', plan.deploy, [
    payer,
    program,
  ]);
  transactions += 1;
  if (options.final === true) {
    progress('removing the upgrade authority (immutable)');
    await sendInstructions(
      connection,
      'SetAuthority (none)',
      [
        buildSetUpgradeAuthorityInstruction({
          programData: plan.programData,
          currentAuthority: payer.publicKey,
          newAuthority: null,
        }),
      ],
      [payer],
    );
    transactions += 1;
  }

  // Loader-v3 programs become invocable in the slot after the one they were deployed in.
  const status = await connection.getSignatureStatus(signature, { searchTransactionHistory: true });
  const deployedSlot = status.value?.slot ?? (await connection.getSlot('confirmed'));
  const deadline = Date.now() + 30_000;
  while ((await connection.getSlot('confirmed')) <= deployedSlot) {
    if (Date.now() > deadline)
      throw new OperatorError('the cluster did not advance a slot within 30 s after deployment');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    programId: program.publicKey,
    programData: plan.programData,
    final: options.final === true,
    transactions,
  };
}
