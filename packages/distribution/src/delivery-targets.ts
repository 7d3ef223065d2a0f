import { decodeTokenAccount, incomingTransferRefusal } from '@fbt/domain';
import { findAssociatedTokenAddress } from '@fbt/presale-client';
import { SystemProgram, type AccountInfo, type Connection, type PublicKey } from '@solana/web3.js';
import type { DueDelivery } from './delivery-due';

/** A due buyer and the FBT account Distribute names for it. */
export interface DeliveryTarget extends DueDelivery {
  readonly tokenAccount: PublicKey;
  /**
   * The buyer's associated FBT account does not exist (closed since the buy, before any
   * delivery): the fee payer creates it (idempotently) in the same transaction, paying its rent.
   */
  readonly create: boolean;
  /**
   * Lamports someone already sent to the associated address of an account to create (an empty
   * System account there): the creation tops them up to the rent, so the fee payer pays only the
   * rest. Absent: none.
   */
  readonly prefundedLamports?: bigint;
}

/** A due buyer no FBT account of whose can take the delivery; its FBT wait for its Claim. */
export interface UnreachableBuyer extends DueDelivery {
  readonly reason: string;
}

/** Where each due buyer's FBT go. */
export interface ResolvedTargets {
  readonly targets: DeliveryTarget[];
  readonly unreachable: UnreachableBuyer[];
}

/** Accounts one getMultipleAccounts may ask for. */
const MULTIPLE_ACCOUNTS_LIMIT = 100;
/**
 * Associated addresses derived between two yields to the event loop: a derivation costs a few
 * milliseconds of CPU in web3.js, so a server distributing to thousands never stalls for long.
 */
const DERIVATIONS_PER_YIELD = 8;

/** The buyers' associated FBT addresses (of the mint's token program), in order, yielding as it goes. */
async function associatedAddresses(
  mint: PublicKey,
  tokenProgram: PublicKey,
  owners: readonly PublicKey[],
): Promise<PublicKey[]> {
  const addresses: PublicKey[] = [];
  for (const owner of owners) {
    // Off-curve owners too: a program's address may have bought through its own signature.
    addresses.push(findAssociatedTokenAddress({ owner, mint, tokenProgram }));
    if (addresses.length % DERIVATIONS_PER_YIELD === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return addresses;
}

/**
 * Why `info` cannot take FBT of `mint` for `owner` under the program's rule (an initialized,
 * not frozen token account of the mint's token program, of the mint, owned by the buyer), or
 * null when it can.
 */
function unusable(
  address: PublicKey,
  info: AccountInfo<Buffer>,
  mint: { readonly address: PublicKey; readonly tokenProgram: PublicKey },
  owner: PublicKey,
): string | null {
  if (!info.owner.equals(mint.tokenProgram)) return 'not a token account of the mint’s program';
  const account = decodeTokenAccount(info.data, info.owner.toBase58());
  if (account === null || account.state === 'uninitialized') return 'not a token account';
  if (account.mint !== mint.address.toBase58()) return 'an account of another mint';
  if (account.owner !== owner.toBase58()) return `owned by ${account.owner}`;
  if (account.state === 'frozen') return 'frozen';
  return incomingTransferRefusal(info.data);
}

/**
 * Nothing at the address, as the associated token program sees it: no account, or an empty one
 * of the System program holding only lamports someone sent there (a closed account pre-funded),
 * over which its create allocates and assigns the account all the same.
 */
function vacant(info: AccountInfo<Buffer> | null): boolean {
  return info === null || (info.owner.equals(SystemProgram.programId) && info.data.length === 0);
}

/**
 * Why the fee payer does not create a buyer's missing account: a buyer with FBT delivered before
 * had an account that took them, and closed it since (its rent back to the buyer). The keeper
 * pays one account's rent per buyer and presale, the one missing before its first delivery, so
 * closing the account after each round cannot farm the rent; such a buyer claims.
 */
const CLOSED_AFTER_DELIVERY =
  'closed since a delivery to the buyer (the fee payer creates a buyer’s account once, before its first delivery, never again)';

/**
 * Another FBT account of the buyer that can take the delivery (the first by address), for a
 * buyer whose associated account exists but cannot (another owner, frozen). Rare: one
 * `getTokenAccountsByOwner` per such buyer.
 */
async function otherUsableAccount(
  connection: Connection,
  mint: { readonly address: PublicKey; readonly tokenProgram: PublicKey },
  owner: PublicKey,
): Promise<PublicKey | null> {
  const { value } = await connection.getTokenAccountsByOwner(
    owner,
    { mint: mint.address },
    'confirmed',
  );
  const usable = value
    .filter(({ pubkey, account }) => unusable(pubkey, account, mint, owner) === null)
    .map(({ pubkey }) => pubkey)
    .sort((a, b) => (a.toBase58() < b.toBase58() ? -1 : 1));
  return usable[0] ?? null;
}

/**
 * Chooses each due buyer's FBT account: its associated token account (read with
 * getMultipleAccounts, 100 at a time) when it can take FBT; created by the fee payer when it
 * does not exist, or is an empty System account holding lamports, and the buyer has had no
 * delivery yet (a buyer who closed it after buying); else another FBT account of the buyer
 * that can; else the buyer is unreachable (its owner changed and no other account, frozen, a
 * Token-2022 account refusing a program's transfer, or closed after a delivery) and left to its
 * own Claim. Naming an account the program or the token program refuses would fail the whole
 * Distribute, so none is named. Every account is of the mint's token program (SPL Token or
 * Token-2022), whose associated address differs.
 */
export async function resolveDeliveryTargets(
  connection: Connection,
  mint: { readonly address: PublicKey; readonly tokenProgram: PublicKey },
  due: readonly DueDelivery[],
): Promise<ResolvedTargets> {
  const targets: DeliveryTarget[] = [];
  const unreachable: UnreachableBuyer[] = [];
  for (let start = 0; start < due.length; start += MULTIPLE_ACCOUNTS_LIMIT) {
    const chunk = due.slice(start, start + MULTIPLE_ACCOUNTS_LIMIT);
    const addresses = await associatedAddresses(
      mint.address,
      mint.tokenProgram,
      chunk.map((entry) => entry.buyer),
    );
    const infos = await connection.getMultipleAccountsInfo(addresses, 'confirmed');
    for (const [index, entry] of chunk.entries()) {
      const tokenAccount = addresses[index]!;
      const info = infos[index] ?? null;
      if (vacant(info) && entry.delivered === 0n) {
        const prefunded = BigInt(info?.lamports ?? 0);
        targets.push({
          ...entry,
          tokenAccount,
          create: true,
          ...(prefunded > 0n ? { prefundedLamports: prefunded } : {}),
        });
        continue;
      }
      const problem =
        info === null || vacant(info)
          ? CLOSED_AFTER_DELIVERY
          : unusable(tokenAccount, info, mint, entry.buyer);
      if (problem === null) {
        targets.push({ ...entry, tokenAccount, create: false });
        continue;
      }
      const other = await otherUsableAccount(connection, mint, entry.buyer);
      if (other === null) {
        unreachable.push({
          ...entry,
          reason: `its FBT account ${tokenAccount.toBase58()} is ${problem}`,
        });
      } else {
        targets.push({ ...entry, tokenAccount: other, create: false });
      }
    }
  }
  return { targets, unreachable };
}
