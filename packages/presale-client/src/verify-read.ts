import {
  decodeLoaderProgram,
  decodeMint,
  decodeProgramData,
  decodeTokenAccount,
  elfFileBytes,
  readSecurityTxt,
  type ObservedAccount,
  type ObservedPresale,
  type ObservedPresaleState,
  type PresaleVariant,
  type PublishedAllowlist,
  type VerifyObservation,
} from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { buildAllowlistTree } from './allowlist';
import { decodePresaleAccount, type PresaleAccount } from './layout';
import { sha256 } from './sha256';

/**
 * How "Verify this sale" reads the chain, the same in the browser (through the BFF's `/rpc`)
 * and in the operator's CLI (any RPC URL): two rounds of account reads, then the published
 * allowlists, decoded into the domain's {@link VerifyObservation} for `verifyDeployment`.
 */
export interface VerifyChainSource {
  /** The accounts at `addresses`, in order; null for one that does not exist. */
  getAccounts(addresses: readonly string[]): Promise<(ObservedAccount | null)[]>;
  /** The wallets the site publishes for a presale's allowlist; null when it publishes none. */
  publishedAllowlist(variant: PresaleVariant, presale: string): Promise<readonly string[] | null>;
}

/** What is checked: the deployment's addresses. */
export interface VerifyTarget {
  readonly mint: string;
  readonly programId: string;
  readonly presales: readonly { readonly variant: PresaleVariant; readonly address: string }[];
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function presaleState(
  account: ObservedAccount | null,
  programId: string,
): ObservedPresale['state'] {
  if (account === null) return null;
  if (account.owner !== programId) return 'foreign';
  let decoded: PresaleAccount;
  try {
    decoded = decodePresaleAccount(account.data);
  } catch {
    return 'invalid';
  }
  const state: ObservedPresaleState = {
    isInitialized: decoded.isInitialized,
    isActive: decoded.isActived,
    seller: decoded.sellerPubkey,
    vault: decoded.tempTokenAccountPubkey,
    authority: decoded.authority,
    mint: decoded.mint,
    tokenPrice: decoded.tokenPrice,
    minUserBuyable: decoded.minUserBuyable,
    maxUserBuyable: decoded.maxUserBuyable,
    maxTotalBuyable: decoded.maxTotalBuyable,
    currentTotalSold: decoded.currentTotalSold,
    decimals: decoded.decimals,
    saleStart: decoded.saleStart,
    saleEnd: decoded.saleEnd,
    allowlistRoot: decoded.allowlistRoot,
    pendingSeller: decoded.pendingSeller,
    leaderCount: decoded.leaderCount,
    leaderCommission: decoded.leaderCommission,
    delivery: {
      mode: decoded.deliveryMode,
      status: decoded.status,
      minimumRaise: decoded.minimumRaise,
      vesting: {
        unlockedAtCompletionBps: decoded.unlockedAtCompletionBps,
        cliffSeconds: decoded.cliffSeconds,
        vestingSeconds: decoded.vestingSeconds,
      },
      completedAt: decoded.completedAt === 0n ? null : Number(decoded.completedAt),
      tokensOwed: decoded.tokensOwed,
      tokensDelivered: decoded.tokensDelivered,
      buyersDelivered: decoded.buyersDelivered,
      buyersRefunded: decoded.buyersRefunded,
      escrowLamports: decoded.escrowLamports,
    },
  };
  return state;
}

/** The published list rebuilt into its root (the tree the program checks proofs against). */
async function publishedAllowlist(
  source: VerifyChainSource,
  variant: PresaleVariant,
  presale: string,
): Promise<PublishedAllowlist> {
  let wallets: readonly string[] | null;
  try {
    wallets = await source.publishedAllowlist(variant, presale);
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message };
  }
  if (wallets === null) return { kind: 'none' };
  try {
    const tree = buildAllowlistTree(
      new PublicKey(presale),
      wallets.map((wallet) => new PublicKey(wallet)),
    );
    return { kind: 'list', root: tree.rootHex, wallets: tree.size };
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message };
  }
}

/** Reads and decodes everything the checks need. */
export async function readVerifyObservation(
  source: VerifyChainSource,
  target: VerifyTarget,
): Promise<VerifyObservation> {
  const [mintAccount = null, programAccount = null, ...presaleAccounts] = await source.getAccounts([
    target.mint,
    target.programId,
    ...target.presales.map((presale) => presale.address),
  ]);
  const programDataAddress =
    programAccount?.owner === undefined ? null : decodeLoaderProgram(programAccount.data);
  const states = target.presales.map((presale, index) =>
    presaleState(presaleAccounts[index] ?? null, target.programId),
  );
  const readable = states.map((state) => (typeof state === 'object' ? state : null));
  const second = [
    ...(programDataAddress === null ? [] : [programDataAddress]),
    ...readable.flatMap((state) => (state === null ? [] : [state.vault, state.seller])),
  ];
  const accounts = second.length === 0 ? [] : await source.getAccounts(second);
  const programDataAccount = programDataAddress === null ? null : (accounts.shift() ?? null);
  const programData =
    programDataAccount === null ? null : decodeProgramData(programDataAccount.data);
  const elf = programData === null ? null : elfFileBytes(programData.programBytes);

  const presales: ObservedPresale[] = [];
  for (const [index, presale] of target.presales.entries()) {
    const state = readable[index] ?? null;
    const vault = state === null ? null : (accounts.shift() ?? null);
    const seller = state === null ? null : (accounts.shift() ?? null);
    presales.push({
      variant: presale.variant,
      address: presale.address,
      state: states[index] ?? null,
      vault: vault === null ? null : decodeTokenAccount(vault.data, vault.owner),
      sellerAccount: seller,
      allowlist: await publishedAllowlist(source, presale.variant, presale.address),
    });
  }
  return {
    mint: {
      address: target.mint,
      account: mintAccount,
      decoded: mintAccount === null ? null : decodeMint(mintAccount.data, mintAccount.owner),
    },
    program: {
      address: target.programId,
      account: programAccount,
      programDataAddress,
      programData,
      elfSha256: elf === null ? null : hex(sha256(elf)),
      elfLength: elf?.length ?? null,
      securityTxt: elf === null ? null : readSecurityTxt(elf),
    },
    presales,
  };
}
