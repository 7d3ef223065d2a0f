import { findAssociatedTokenAddress, type AccountInfoSource } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { createMintTokenProgramReader } from '../../../../services/mint-token-program';

/**
 * The wallet's associated FBT account (what the Trade API takes as `inputAccount` /
 * `outputAccount`) under the mint's token program, SPL Token or Token-2022, read from the mint's
 * account once and kept.
 */
export function createFbtAccountReader(
  connection: AccountInfoSource,
  mint: string,
): (wallet: string) => Promise<string> {
  const mintKey = new PublicKey(mint);
  const tokenProgramOf = createMintTokenProgramReader(connection, mintKey);
  return async (wallet) =>
    findAssociatedTokenAddress({
      owner: new PublicKey(wallet),
      mint: mintKey,
      tokenProgram: await tokenProgramOf(),
    }).toBase58();
}
