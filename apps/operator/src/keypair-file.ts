import fs from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { usageError } from './operator-error';

/**
 * Reads a keypair file in the Solana CLI format (a JSON array of 64 byte values). Every way it
 * can be wrong gets its own message, with the path.
 */
export function readKeypairFile(file: string): Keypair {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(
      `--keypair ${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usageError(
      `--keypair ${file}: not JSON; expected a Solana CLI keypair (a JSON array of 64 numbers)`,
    );
  }
  if (!Array.isArray(value) || value.length !== 64) {
    throw usageError(
      `--keypair ${file}: expected a JSON array of 64 numbers, got ${Array.isArray(value) ? `${value.length} items` : typeof value}`,
    );
  }
  if (
    !value.every(
      (byte) => Number.isInteger(byte) && (byte as number) >= 0 && (byte as number) <= 255,
    )
  ) {
    throw usageError(`--keypair ${file}: every item must be an integer 0-255`);
  }
  try {
    return Keypair.fromSecretKey(Uint8Array.from(value as number[]));
  } catch {
    throw usageError(`--keypair ${file}: the 64 bytes are not a valid ed25519 secret key`);
  }
}

/** Writes a keypair in the Solana CLI format, readable only by the owner. */
export function writeKeypairFile(file: string, keypair: Keypair): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify([...keypair.secretKey])}\n`, { mode: 0o600 });
}

/** Reads the keypair at `file`, or creates and saves a new one. */
export function loadOrCreateKeypair(file: string): Keypair {
  if (fs.existsSync(file)) return readKeypairFile(file);
  const keypair = Keypair.generate();
  writeKeypairFile(file, keypair);
  return keypair;
}
