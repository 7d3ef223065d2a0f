import fs from 'node:fs';
import { deployProgram } from '../deploy';
import { readKeypairFile } from '../keypair-file';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { keypairOption, readKeypairOption } from '../options/signer';
import { formatJson } from '../output';
import { securityTxtRefusal } from '../security-txt-guard';
import { DEFAULT_PROGRAM_PATH } from '../seed';
import { defineCommand } from './command';

/**
 * `deploy`: puts the presale program on a cluster, the payer keeping the upgrade authority, or
 * with `--final` no one (immutable).
 */
export const deployCommand = defineCommand({
  name: 'deploy',
  summary: 'deploy the presale program through the upgradeable loader',
  options: {
    ...keypairOption('keypair of the payer, who becomes the upgrade authority'),
    program: {
      type: 'string',
      value: '<file.so>',
      default: DEFAULT_PROGRAM_PATH,
      description: 'the built program',
    },
    'program-keypair': {
      type: 'string',
      value: '<file>',
      description: "keypair of the program's address (default: a new one)",
    },
    final: {
      type: 'boolean',
      description: 'remove the upgrade authority once deployed: the program can never change',
    },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const payer = readKeypairOption(values);
    const elf = readProgramFile(values.program);
    const refusal = securityTxtRefusal(await connection.getGenesisHash(), elf);
    if (refusal !== null) throw refusal;
    const programKeypair =
      values['program-keypair'] === undefined
        ? undefined
        : readKeypairFile(values['program-keypair']);
    const result = await deployProgram({
      connection,
      payer,
      elf,
      ...(programKeypair === undefined ? {} : { programKeypair }),
      final: values.final === true,
      onProgress: (line) => io.stderr(line),
    });
    io.stdout(
      formatJson({
        programId: result.programId.toBase58(),
        programData: result.programData.toBase58(),
        upgradeAuthority: result.final ? null : payer.publicKey.toBase58(),
        transactions: result.transactions,
      }),
    );
  },
});

/** A missing or unreadable binary is the operator's mistake (exit 2), not a failed deploy. */
function readProgramFile(file: string): Uint8Array {
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch (error) {
    throw usageError(
      `--program ${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}
