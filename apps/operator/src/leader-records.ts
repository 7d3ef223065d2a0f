import { formatSol } from '@fbt/domain';
import {
  ACCOUNT_KIND,
  LEADER_RECORD_ACCOUNT_SIZE,
  LEADER_RECORD_OFFSETS,
  decodeLeaderRecordAccount,
  fetchLeaderRecord,
} from '@fbt/presale-client';
import type { LeaderRecordAccount } from '@fbt/presale-client';
import bs58 from 'bs58';
import type { Connection, PublicKey } from '@solana/web3.js';
import { OperatorError } from './operator-error';

/**
 * Every leader record of a presale, read from the chain: getProgramAccounts of the program with
 * filters on the record size, its kind byte and the presale it names. Sorted by code.
 */
export async function listLeaderRecords(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<LeaderRecordAccount[]> {
  const accounts = await connection.getProgramAccounts(programId, {
    commitment: 'confirmed',
    filters: [
      { dataSize: LEADER_RECORD_ACCOUNT_SIZE },
      {
        memcmp: {
          offset: LEADER_RECORD_OFFSETS.kind,
          bytes: bs58.encode(Uint8Array.of(ACCOUNT_KIND.leaderRecord)),
        },
      },
      { memcmp: { offset: LEADER_RECORD_OFFSETS.presale, bytes: presale.toBase58() } },
    ],
  });
  return accounts
    .map(({ pubkey, account }) => {
      try {
        return decodeLeaderRecordAccount(account.data);
      } catch (error) {
        throw new OperatorError(
          `account ${pubkey.toBase58()} looks like a leader record but is not: ${(error as Error).message}`,
        );
      }
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** A leader record or `null`, as a failure the operator can read when the account is odd. */
export async function readLeaderRecord(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
  code: string,
): Promise<LeaderRecordAccount | null> {
  try {
    return await fetchLeaderRecord(connection, programId, presale, code);
  } catch (error) {
    if (error instanceof Error && /fetch failed|ECONN/.test(error.message)) throw error;
    throw new OperatorError(`leader code ${JSON.stringify(code)}: ${(error as Error).message}`);
  }
}

const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;

/** A leader record as `leaders list` prints it: lamports as strings and the same in SOL. */
export function leaderRecordJson(record: LeaderRecordAccount): Record<string, unknown> {
  return {
    code: record.code,
    wallet: record.wallet,
    active: record.active,
    buys: record.buys.toString(),
    volume: sol(record.volumeLamports),
    accrued: sol(record.solsEarned),
    claimed: sol(record.solsClaimed),
    claimable: sol(record.solsClaimable),
    lamports: {
      volume: record.volumeLamports.toString(),
      accrued: record.solsEarned.toString(),
      claimed: record.solsClaimed.toString(),
      claimable: record.solsClaimable.toString(),
    },
  };
}
