import { formatFixed, formatSol } from '@fbt/domain';
import { saleCompletion } from '@fbt/distribution';
import type { PresaleAccount } from '@fbt/presale-client';
import { unpackAccount } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { describeSaleTime } from './options/sale-time';
import { fetchPresale } from './presale-admin';
import { readChainTime } from './sale-window';

const sol = (lamports: bigint) => ({
  lamports: lamports.toString(),
  display: `${formatSol(lamports)} SOL`,
});

/**
 * How the presale delivers, where its completion and distribution stand, and its escrow: the
 * delivery part of `status`. `unsoldTokens` is what WithdrawUnsold would move (the vault less
 * the FBT owed to buyers, at completion).
 */
function deliveryJson(state: PresaleAccount, vault: bigint, now: bigint) {
  const fbt = (units: bigint) => ({
    baseUnits: units.toString(),
    display: `${formatFixed(units, state.decimals)} FBT`,
  });
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
  const tempInfo = await connection.getAccountInfo(temp, 'confirmed');
  const vault = tempInfo === null ? 0n : unpackAccount(temp, tempInfo).amount;
  const now = await readChainTime(connection);
  return {
    presale: presale.toBase58(),
    programId: programId.toBase58(),
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    mint: state.mint,
    tokenPrice: sol(state.tokenPrice),
    minUserBuyable: sol(state.minUserBuyable),
    maxUserBuyable: sol(state.maxUserBuyable),
    maxTotalBuyable: sol(state.maxTotalBuyable),
    currentTotalSold: sol(state.currentTotalSold),
    tokensSold: {
      baseUnits: state.tokensSold.toString(),
      display: `${formatFixed(state.tokensSold, state.decimals)} FBT`,
    },
    vaultBalance: {
      baseUnits: vault.toString(),
      display: `${formatFixed(vault, state.decimals)} FBT`,
    },
    buyerCount: state.buyerCount.toString(),
    ...deliveryJson(state, vault, now),
  };
}
