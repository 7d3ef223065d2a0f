import { formatFixed, formatSol } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { fetchMintTokenProgram } from '@fbt/presale-client';
import { fetchPresale } from './presale-admin';
import { readTokenAmount } from './token-program';

/** A presale's decoded state plus its vault balance, as plain JSON (amounts as strings). */
export async function getPresaleStatus(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<Record<string, unknown>> {
  const state = await fetchPresale(connection, programId, presale);
  const temp = new PublicKey(state.tempTokenAccountPubkey);
  const vault = await readTokenAmount(connection, temp);
  const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;
  return {
    presale: presale.toBase58(),
    programId: programId.toBase58(),
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    mint: state.mint,
    tokenProgram: (await fetchMintTokenProgram(connection, new PublicKey(state.mint))).toBase58(),
    tokenPrice: { lamports: state.tokenPrice.toString(), display: sol(state.tokenPrice) },
    minUserBuyable: {
      lamports: state.minUserBuyable.toString(),
      display: sol(state.minUserBuyable),
    },
    maxUserBuyable: {
      lamports: state.maxUserBuyable.toString(),
      display: sol(state.maxUserBuyable),
    },
    maxTotalBuyable: {
      lamports: state.maxTotalBuyable.toString(),
      display: sol(state.maxTotalBuyable),
    },
    currentTotalSold: {
      lamports: state.currentTotalSold.toString(),
      display: sol(state.currentTotalSold),
    },
    tokensSold: {
      baseUnits: state.tokensSold.toString(),
      display: `${formatFixed(state.tokensSold, state.decimals)} FBT`,
    },
    vaultBalance: {
      baseUnits: vault.toString(),
      display: `${formatFixed(vault, state.decimals)} FBT`,
    },
    buyerCount: state.buyerCount.toString(),
  };
}
