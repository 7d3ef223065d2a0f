import { readFileSync } from 'node:fs';
import { Keypair } from '@solana/web3.js';
import type { KeeperKey } from './app-deps';

/** A Solana CLI keypair file's secret key: a JSON array of 64 bytes. */
function readKeypair(file: string): Keypair {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 64 ||
    !parsed.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)
  ) {
    throw new Error('not a JSON array of 64 bytes');
  }
  return Keypair.fromSecretKey(Uint8Array.from(parsed as number[]));
}

const reason = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));

/** Why `file` is not a Solana keypair file (a JSON array of 64 bytes), or null when it is one. */
export function keypairFileProblem(file: string): string | null {
  try {
    readKeypair(file);
    return null;
  } catch (error) {
    return `${file} is not a Solana keypair file (${reason(error)}): a JSON array of 64 bytes, as solana-keygen writes`;
  }
}

/**
 * The keeper's fee payer from `KEEPER_KEYPAIR` (`file`, resolved; null when unset): read when
 * first asked and, while it cannot be (not mounted yet), again at each ask; once read, kept.
 */
export function keeperKeyLoader(file: string | null): () => KeeperKey {
  let loaded: KeeperKey | null = null;
  return () => {
    if (loaded !== null) return loaded;
    if (file === null) {
      return {
        problem: 'KEEPER_KEYPAIR is not set, so this BFF has no keeper fee payer',
        unset: true,
      };
    }
    try {
      loaded = { keypair: readKeypair(file) };
      return loaded;
    } catch (error) {
      return { problem: `KEEPER_KEYPAIR ${file} cannot be read (${reason(error)})` };
    }
  };
}
