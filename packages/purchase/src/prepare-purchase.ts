import { fetchMintTokenProgram, findAssociatedTokenAddress } from '@fbt/presale-client';
import type { AddressLookupTableAccount, PublicKey } from '@solana/web3.js';
import { readLookupTable } from './lookup-table';
import type { PurchaseConnection } from './purchase-connection';

/**
 * What a purchase reads from the chain before it can build its transaction: a recent blockhash,
 * the mint's token program (SPL Token or Token-2022, unless the caller knows it), whether the
 * buyer's FBT account of that program exists, the recent priority fees on the presale and, when the
 * deployment has one, its address lookup table. Read
 * ahead (when the purchase box shows a connected wallet) it saves the buyer that round trip
 * after the click.
 */
export interface PreparedPurchase {
  readonly buyer: string;
  readonly presale: string;
  readonly mint: string;
  /** The mint's token program (base58): the buyer's FBT account is its associated account. */
  readonly tokenProgram: string;
  readonly blockhash: string;
  readonly lastValidBlockHeight: number;
  readonly tokenAccountExists: boolean;
  /** Recent prioritization fees on the presale account, micro-lamports per CU. */
  readonly recentFees: readonly number[];
  /** The lookup table asked for (base58), or null when none was. */
  readonly lookupTableAddress: string | null;
  /** That table as the chain holds it, or null: none asked, or none usable (a legacy buy). */
  readonly lookupTable: AddressLookupTableAccount | null;
  /** When it was read, in the `now()` clock given to {@link preparePurchase}. */
  readonly readAt: number;
}

/**
 * How long read-ahead data is used. A blockhash stays valid ~60 s (150 blocks on mainnet, and
 * the local chain keeps 60 s at any clock), so 20 s leaves at least 40 s to sign and confirm.
 */
export const PREPARED_MAX_AGE_MS = 20_000;

export interface PrepareTarget {
  readonly buyer: PublicKey;
  readonly presale: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program when known; otherwise read from the mint's account first. */
  readonly tokenProgram?: PublicKey;
  /** The deployment's address lookup table (the config's `lookupTable`), if it has one. */
  readonly lookupTable?: PublicKey;
}

/**
 * Reads them in parallel (one round trip; two when the mint's token program is not given: the
 * buyer's account address depends on it).
 */
export async function preparePurchase(
  connection: PurchaseConnection,
  target: PrepareTarget,
  now: () => number = Date.now,
): Promise<PreparedPurchase> {
  const tokenProgram =
    target.tokenProgram ?? (await fetchMintTokenProgram(connection, target.mint));
  const buyerTokenAccount = findAssociatedTokenAddress({
    owner: target.buyer,
    mint: target.mint,
    tokenProgram,
  });
  const [tokenAccount, fees, latest, lookupTable] = await Promise.all([
    connection.getAccountInfo(buyerTokenAccount, 'confirmed'),
    connection.getRecentPrioritizationFees({ lockedWritableAccounts: [target.presale] }),
    connection.getLatestBlockhash('confirmed'),
    target.lookupTable === undefined ? null : readLookupTable(connection, target.lookupTable),
  ]);
  return {
    buyer: target.buyer.toBase58(),
    presale: target.presale.toBase58(),
    mint: target.mint.toBase58(),
    tokenProgram: tokenProgram.toBase58(),
    blockhash: latest.blockhash,
    lastValidBlockHeight: latest.lastValidBlockHeight,
    tokenAccountExists: tokenAccount !== null,
    recentFees: fees.map((fee) => fee.prioritizationFee),
    lookupTableAddress: target.lookupTable?.toBase58() ?? null,
    lookupTable,
    readAt: now(),
  };
}

/**
 * Whether read-ahead data may be used for this purchase: same buyer, presale, mint (and token
 * program, when the purchase names one) and lookup table, and younger than {@link PREPARED_MAX_AGE_MS}. A stale 'no token account' is harmless (the
 * account is created idempotently) and the simulation catches anything else before signing.
 */
export function isPreparedFor(
  prepared: PreparedPurchase | undefined,
  target: PrepareTarget,
  now: number,
): prepared is PreparedPurchase {
  return (
    prepared !== undefined &&
    prepared.buyer === target.buyer.toBase58() &&
    prepared.presale === target.presale.toBase58() &&
    prepared.mint === target.mint.toBase58() &&
    (target.tokenProgram === undefined ||
      prepared.tokenProgram === target.tokenProgram.toBase58()) &&
    prepared.lookupTableAddress === (target.lookupTable?.toBase58() ?? null) &&
    now - prepared.readAt >= 0 &&
    now - prepared.readAt <= PREPARED_MAX_AGE_MS
  );
}

/** How long {@link newerBlockhash} waits for the chain's next blockhash (mainnet: one slot, 400 ms). */
const NEWER_BLOCKHASH_ATTEMPTS = 20;
const NEWER_BLOCKHASH_INTERVAL_MS = 100;

/**
 * A recent blockhash other than `than`. The same transaction signed twice with one blockhash
 * has one signature: the chain drops the second as already processed and its status is the
 * first's, so a second identical buy would read as confirmed without happening. Reads until the
 * chain has moved on (a slot, at most ~2 s); throws 'Blockhash not found' (shown as 'Please try
 * again') if it never does.
 */
export async function newerBlockhash(
  connection: PurchaseConnection,
  than: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<{ readonly blockhash: string; readonly lastValidBlockHeight: number }> {
  for (let attempt = 0; attempt < NEWER_BLOCKHASH_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(NEWER_BLOCKHASH_INTERVAL_MS);
    const latest = await connection.getLatestBlockhash('confirmed');
    if (latest.blockhash !== than) return latest;
  }
  throw new Error(
    'Blockhash not found: the chain gave no blockhash newer than the last transaction',
  );
}

/**
 * `read` (chain data read with a blockhash) as it is, unless its blockhash is `previous`, the
 * one this wallet's last purchase or claim was sent with: then with a {@link newerBlockhash}.
 */
export async function withUnusedBlockhash<
  T extends { readonly blockhash: string; readonly lastValidBlockHeight: number },
>(
  connection: PurchaseConnection,
  read: T,
  previous: string | undefined,
  sleep?: (ms: number) => Promise<void>,
): Promise<T> {
  if (read.blockhash !== previous) return read;
  return { ...read, ...(await newerBlockhash(connection, read.blockhash, sleep)) };
}
