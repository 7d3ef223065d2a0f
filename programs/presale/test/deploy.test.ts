import { Keypair } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  createFundedKeypair,
  createPresaleFixture,
  deployProgramViaLoader,
  readSvmAccount,
  UPGRADEABLE_LOADER_ID,
} from './support/index';
import { buy, loadProgramElf, SBPF_VERSIONS } from './support/harness';

describe.each(SBPF_VERSIONS)('deployment through the upgradeable loader (sBPF %s)', (version) => {
  it('deploys with InitializeBuffer, Write and DeployWithMaxDataLen, then sells', () => {
    const svm = new LiteSVM();
    const payer = createFundedKeypair(svm, 100n);
    const programKeypair = Keypair.generate();
    const elf = loadProgramElf(version);
    const deployed = deployProgramViaLoader(svm, elf, { payer, programKeypair });

    expect(deployed.programId.equals(programKeypair.publicKey)).toBe(true);
    expect(deployed.transactions).toBe(2 + Math.ceil(elf.length / 900));
    const program = readSvmAccount(svm, deployed.programId);
    expect(program?.owner).toBe(UPGRADEABLE_LOADER_ID.toBase58());
    const programData = readSvmAccount(svm, deployed.programData);
    // ProgramData: 45-byte header, then the ELF exactly as written
    expect(
      Buffer.from(programData?.data.subarray(45, 45 + elf.length) ?? []).equals(Buffer.from(elf)),
    ).toBe(true);

    const chain = { svm, programId: deployed.programId };
    const fixture = createPresaleFixture(chain);
    const buyer = createFundedKeypair(svm, 10n);
    expect(buy({ ...chain, fixture }, buyer, LAMPORTS_PER_SOL).error).toBe('');
  });

  it('is refused by the loader when the ELF is corrupt (the check addProgram skips)', () => {
    const svm = new LiteSVM();
    const payer = createFundedKeypair(svm, 100n);
    const broken = loadProgramElf(version).slice();
    new DataView(broken.buffer).setUint16(18, 62, true); // e_machine = x86-64
    expect(() => deployProgramViaLoader(svm, broken, { payer })).toThrow(
      /DeployWithMaxDataLen failed: .*InvalidAccountData[\s\S]*(Incompatible ELF: wrong machine|Failed to parse ELF file: invalid file header)/,
    );
  });
});
