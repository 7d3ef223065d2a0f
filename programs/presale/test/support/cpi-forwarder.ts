/**
 * The hostile forwarder program of `cpi-forwarder.c` on litesvm: built from its C source with
 * the program's own toolchain (once per sBPF version), deployed next to the presale, and the
 * instruction that makes it invoke another one claiming a privilege or not.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address } from '@solana/kit';
import type { PublicKey } from '@solana/web3.js';
import { Keypair, TransactionInstruction } from '@solana/web3.js';
import { compileBpfObject, linkObjects } from '@fbt/sbpf-link';
import { PROGRAM_PACKAGE_DIR } from '../../src/artifacts';
import type { Chain, ShippedVersion } from './harness';

const built = new Map<ShippedVersion, Uint8Array>();

function forwarderElf(version: ShippedVersion): Uint8Array {
  const cached = built.get(version);
  if (cached) return cached;
  const work = mkdtempSync(join(tmpdir(), 'fbt-forwarder-'));
  try {
    const output = join(work, 'forwarder.o');
    compileBpfObject({
      source: 'test/support/cpi-forwarder.c',
      output,
      includeDirs: ['c'],
      cwd: PROGRAM_PACKAGE_DIR,
    });
    const objects = [{ name: 'cpi-forwarder.c', bytes: new Uint8Array(readFileSync(output)) }];
    const elf = linkObjects(objects, { sbpf: version }).elf;
    built.set(version, elf);
    return elf;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Deploys the forwarder on the chain; returns its program id. */
export function deployCpiForwarder(chain: Chain, version: ShippedVersion): PublicKey {
  const programId = Keypair.generate().publicKey;
  chain.svm.addProgram(address(programId.toBase58()), forwarderElf(version));
  return programId;
}

/** What the forwarder does with the flags of the account it is told about. */
export type Forgery = 'none' | 'signer' | 'writable';
const FORGERY_MODES: Record<Forgery, number> = { none: 0, signer: 1, writable: 2 };

/**
 * The forwarder invoking `inner` with `inner`'s accounts as the transaction gives them, marking
 * account `index` a signer or writable when told to forge.
 */
export function forwardInstruction(
  forwarder: PublicKey,
  inner: TransactionInstruction,
  forgery: Forgery = 'none',
  index = 0,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: forwarder,
    keys: [...inner.keys, { pubkey: inner.programId, isSigner: false, isWritable: false }],
    data: Buffer.concat([Uint8Array.of(FORGERY_MODES[forgery], index), inner.data]),
  });
}
