import {
  fetchMintTokenProgram,
  findAssociatedTokenAddress,
  type AccountInfoSource,
} from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';

/**
 * The wallet's associated FBT account (what the Trade API takes as `inputAccount` /
 * `outputAccount`) under the mint's token program, SPL Token or Token-2022: read from the mint's
 * account once and kept (a failed read is tried again on the next call).
 */
export function createFbtAccountReader(
  connection: AccountInfoSource,
  mint: string,
): (wallet: string) => Promise<string> {
  const mintKey = new PublicKey(mint);
  let tokenProgram: Promise<PublicKey> | null = null;
  return async (wallet) => {
    tokenProgram ??= fetchMintTokenProgram(connection, mintKey).catch((error: unknown) => {
      tokenProgram = null;
      throw error;
    });
    return findAssociatedTokenAddress({
      owner: new PublicKey(wallet),
      mint: mintKey,
      tokenProgram: await tokenProgram,
    }).toBase58();
  };
}
