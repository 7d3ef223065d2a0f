import { fetchMintTokenProgram, type AccountInfoSource } from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';

/**
 * The token program of `mint` (SPL Token or Token-2022), read from the mint's account on the
 * first call and kept: it never changes. A failed read is tried again on the next call.
 */
export function createMintTokenProgramReader(
  connection: AccountInfoSource,
  mint: PublicKey,
): () => Promise<PublicKey> {
  let tokenProgram: Promise<PublicKey> | null = null;
  return () => {
    tokenProgram ??= fetchMintTokenProgram(connection, mint).catch((error: unknown) => {
      tokenProgram = null;
      throw error;
    });
    return tokenProgram;
  };
}
