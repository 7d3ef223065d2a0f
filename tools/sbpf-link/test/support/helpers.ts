import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { compileBpfObject, ensureClang } from '../../src/clang';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'sbpf-link-test-'));

/** Compiles a fixture (C or assembly) with the project's BPF flags; returns the object bytes. */
export function compileFixture(file: string, extraFlags: readonly string[] = []): Uint8Array {
  // Fails loudly (with the apt-get command) instead of skipping when clang-19 is missing.
  ensureClang({ install: false });
  const output = join(
    work,
    `${basename(file)}.${extraFlags.join('_').replace(/[^a-z0-9]/gi, '')}.o`,
  );
  compileBpfObject({ source: join(fixtures, file), output, extraFlags });
  return new Uint8Array(readFileSync(output));
}

/** Outcome of running a program once in litesvm. */
export interface RunOutcome {
  readonly ok: boolean;
  readonly logs: readonly string[];
  readonly error: string;
}

/** Loads `elf` into a fresh litesvm and invokes it once with no accounts and no data. */
export async function runInLitesvm(elf: Uint8Array): Promise<RunOutcome> {
  const svm = new LiteSVM();
  const program = (await generateKeyPairSigner()).address;
  svm.addProgram(program, elf);
  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, lamports(1_000_000_000n));
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) =>
      appendTransactionMessageInstruction(
        { programAddress: program, accounts: [], data: new Uint8Array() },
        m,
      ),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  const result = svm.sendTransaction(transaction);
  if (result instanceof FailedTransactionMetadata) {
    return { ok: false, logs: result.meta().logs(), error: result.err().toString() };
  }
  return { ok: true, logs: result.logs(), error: '' };
}
