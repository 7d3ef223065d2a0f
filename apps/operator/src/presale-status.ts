import { formatFixed, formatSol } from '@fbt/domain';
import { saleCompletion } from '@fbt/distribution';
import { fetchMintTokenProgram, type PresaleAccount } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { describeSaleTime } from './options/sale-time';
import { fetchPresale } from './presale-admin';
import { readChainTime } from './sale-window';
import { readTokenAmount } from './token-program';

const sol = (lamports: bigint) => ({
  lamports: lamports.toString(),
  display: `${formatSol(lamports)} SOL`,
});

/** FBT base units of the presale's mint (`decimals` places), as the status prints them. */
const fbtOf = (decimals: number) => (units: bigint) => ({
  baseUnits: units.toString(),
  display: `${formatFixed(units, decimals)} FBT`,
});

/**
 * How the presale delivers, where its completion and distribution stand, and its escrow: the
 * delivery part of `status`. `unsoldTokens` is what WithdrawUnsold would move (the vault less
 * the FBT owed to buyers, at completion).
 */
function deliveryJson(state: PresaleAccount, vault: bigint, now: bigint) {
  const fbt = fbtOf(state.decimals);
  const unsold = state.deliveryMode === 'at-completion' ? vault - state.tokensOwed : vault;
  if (state.deliveryMode === 'instant') return { delivery: 'instant', unsoldTokens: fbt(unsold) };
  return {
    delivery: 'at-completion',
    saleStatus: state.status,
    complete: saleCompletion(state, now).complete,
    completedAt: describeSaleTime(state.completedAt),
    minimumRaise: sol(state.minimumRaise),
    vesting:
      state.vestingSeconds === 0
        ? null
        : {
            unlockedAtCompletionPercent: state.unlockedAtCompletionBps / 100,
            cliffSeconds: state.cliffSeconds,
            vestingSeconds: state.vestingSeconds,
          },
    distribution: {
      buyers: state.buyerCount.toString(),
      buyersDelivered: state.buyersDelivered.toString(),
      progress: `${state.buyersDelivered} of ${state.buyerCount} buyers hold every FBT they bought`,
      tokensOwed: fbt(state.tokensOwed),
      tokensDelivered: fbt(state.tokensDelivered),
    },
    escrow: sol(state.escrowLamports),
    refunded: { ...sol(state.refundedLamports), buyers: state.buyersRefunded.toString() },
    proceedsWithdrawn: sol(state.proceedsWithdrawn),
    unsoldTokens: fbt(unsold),
  };
}

/**
 * A presale's decoded state plus its vault balance, as plain JSON (amounts as strings), with
 * its delivery (instant, or at completion with its completion, distribution and escrow).
 */
export async function getPresaleStatus(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<Record<string, unknown>> {
  const state = await fetchPresale(connection, programId, presale);
  const temp = new PublicKey(state.tempTokenAccountPubkey);
  const vault = await readTokenAmount(connection, temp);
  const now = await readChainTime(connection);
  return {
    presale: presale.toBase58(),
    programId: programId.toBase58(),
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    mint: state.mint,
    tokenProgram: (await fetchMintTokenProgram(connection, new PublicKey(state.mint))).toBase58(),
    tokenPrice: sol(state.tokenPrice),
    minUserBuyable: sol(state.minUserBuyable),
    maxUserBuyable: sol(state.maxUserBuyable),
    maxTotalBuyable: sol(state.maxTotalBuyable),
    currentTotalSold: sol(state.currentTotalSold),
    tokensSold: fbtOf(state.decimals)(state.tokensSold),
    vaultBalance: fbtOf(state.decimals)(vault),
    buyerCount: state.buyerCount.toString(),
    ...deliveryJson(state, vault, now),
  };
}
