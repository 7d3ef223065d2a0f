import { PublicKey } from '@solana/web3.js';

/** True for a base58 Solana address exactly as PublicKey prints it (no padding or case slips). */
export function isAddress(text: string): boolean {
  try {
    return new PublicKey(text).toBase58() === text;
  } catch {
    return false;
  }
}
