import { PublicKey } from '@solana/web3.js';

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');

/** The wallet's associated FBT account (what the Trade API takes as `inputAccount`/`outputAccount`). */
export function fbtAccountOf(wallet: string, mint: string): string {
  return PublicKey.findProgramAddressSync(
    [new PublicKey(wallet).toBuffer(), TOKEN_PROGRAM.toBuffer(), new PublicKey(mint).toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM,
  )[0].toBase58();
}
