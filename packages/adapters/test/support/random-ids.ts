import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '@fbt/domain';

/** A random, well-formed Solana address (for tests). */
export function randomAddress(): string {
  return encodeBase58(randomBytes(32));
}

/** A random, well-formed transaction signature (for tests). */
export function randomSignature(): string {
  return encodeBase58(randomBytes(64));
}
