import {
  buildRegisterLeaderInstruction,
  decodeLeaderRecordAccount,
  findLeaderRecordAddress,
} from '@fbt/presale-client';
import type { Connection, Keypair, TransactionInstruction } from '@solana/web3.js';
import { PublicKey } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

/** RegisterLeader instructions per transaction: 8 with 32-character codes take 1,118 of the 1,232 bytes. */
export const LEADERS_PER_TRANSACTION = 8;

/** Where leader codes are registered: the program and the presale they earn on. */
export interface LeaderPresale {
  readonly connection: Connection;
  readonly programId: PublicKey;
  readonly presale: PublicKey;
}

/**
 * The wallet each code is registered to on chain, or null where it has no record (100 records
 * per request). A record the program does not own stops everything.
 */
export async function registeredWallets(
  { connection, programId, presale }: LeaderPresale,
  codes: readonly string[],
): Promise<(string | null)[]> {
  const addresses = codes.map((code) => findLeaderRecordAddress(programId, presale, code)[0]);
  const wallets: (string | null)[] = [];
  for (let i = 0; i < addresses.length; i += 100) {
    const infos = await connection.getMultipleAccountsInfo(
      addresses.slice(i, i + 100),
      'confirmed',
    );
    for (const [j, info] of infos.entries()) {
      if (info === null) {
        wallets.push(null);
        continue;
      }
      if (!info.owner.equals(programId)) {
        throw new OperatorError(
          `the leader record of ${JSON.stringify(codes[i + j] ?? '')} is owned by ${info.owner.toBase58()}, not the presale program`,
        );
      }
      wallets.push(decodeLeaderRecordAccount(info.data).wallet);
    }
  }
  return wallets;
}

/**
 * The transactions that register `leaders` on `presale` as its seller: RegisterLeader
 * instructions, {@link LEADERS_PER_TRANSACTION} to a transaction.
 */
export function registerLeaderTransactions(
  { programId, presale }: Omit<LeaderPresale, 'connection'>,
  seller: PublicKey,
  leaders: readonly { readonly code: string; readonly wallet: PublicKey }[],
): TransactionInstruction[][] {
  const instructions = leaders.map(({ code, wallet }) =>
    buildRegisterLeaderInstruction({ programId, seller, presale, code, leaderWallet: wallet }),
  );
  const transactions: TransactionInstruction[][] = [];
  for (let i = 0; i < instructions.length; i += LEADERS_PER_TRANSACTION) {
    transactions.push(instructions.slice(i, i + LEADERS_PER_TRANSACTION));
  }
  return transactions;
}

/** What {@link ensureLeaderCodes} registers, and as whom. */
export interface LeaderCodesRequest extends LeaderPresale {
  /** The presale's seller: signs RegisterLeader and pays each record's rent. */
  readonly seller: Keypair;
  readonly leaders: readonly { readonly code: string; readonly wallet: string }[];
}

/**
 * Makes sure each code has its leader record on `presale`, paying its wallet, as `leaders
 * register` does: a code already registered to the same wallet is left alone, one registered
 * to another wallet is refused before anything is sent. Returns the codes registered now.
 */
export async function ensureLeaderCodes(request: LeaderCodesRequest): Promise<string[]> {
  const { connection, seller, leaders } = request;
  const existing = await registeredWallets(
    request,
    leaders.map((leader) => leader.code),
  );
  const fresh = leaders.filter(({ code, wallet }, i) => {
    const registered = existing[i] ?? null;
    if (registered !== null && registered !== wallet) {
      throw new OperatorError(
        `leader code ${JSON.stringify(code)} is registered to ${registered}, not ${wallet}`,
      );
    }
    return registered === null;
  });
  const transactions = registerLeaderTransactions(
    request,
    seller.publicKey,
    fresh.map(({ code, wallet }) => ({ code, wallet: new PublicKey(wallet) })),
  );
  for (const instructions of transactions) {
    await sendInstructions(connection, 'register leader codes', instructions, [seller]);
  }
  return fresh.map(({ code }) => code);
}
