import { type Connection, PublicKey } from '@solana/web3.js';
import {
  ACCOUNT_COUNTS,
  ACCOUNT_KIND,
  decodeBuyInstruction,
  decodeLeaderRecordAccount,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
  LEADER_RECORD_ACCOUNT_SIZE,
  LEADER_RECORD_OFFSETS,
  LEADER_RECORD_SEED,
  PresaleInstruction,
} from '@fbt/presale-client';
import type {
  BuyerRecordAddressDeriver,
  BuyInstructionDecoder,
  ClaimInstructionDecoder,
  OnChainLeaderRecord,
} from '@fbt/domain';
import { encodeBase58 } from '@fbt/domain';
import type { AccountWatch, LeaderRecords } from './app-deps';
import { compareCodes } from './services/leader-record-set';

/** The program client's Buy decoder, in the shape the transaction verifier takes. */
export function createProgramBuyDecoder(programId: string): BuyInstructionDecoder {
  const program = new PublicKey(programId);
  return (instruction) => {
    const decoded = decodeBuyInstruction(
      {
        programId: new PublicKey(instruction.programId),
        keys: instruction.accounts.map((account) => ({ pubkey: new PublicKey(account) })),
        data: instruction.data,
      },
      program,
    );
    return decoded === null
      ? null
      : {
          buyer: decoded.accounts.buyer.toBase58(),
          presale: decoded.accounts.presale.toBase58(),
          lamports: decoded.lamports,
          leaderRecord: decoded.leaderRecord?.toBase58() ?? null,
        };
  };
}

/**
 * Recognises ClaimCommission (tag 7, no data after it; leader wallet, leader record, rent
 * sysvar) of the program, in the shape the transaction verifier takes.
 */
export function createProgramClaimDecoder(programId: string): ClaimInstructionDecoder {
  return (instruction) => {
    if (instruction.programId !== programId) return null;
    if (instruction.data.length !== 1 || instruction.data[0] !== PresaleInstruction.ClaimCommission)
      return null;
    if (instruction.accounts.length !== ACCOUNT_COUNTS.ClaimCommission) return null;
    const [leaderWallet, leaderRecord] = instruction.accounts;
    if (leaderWallet === undefined || leaderRecord === undefined) return null;
    return { leaderWallet, leaderRecord };
  };
}

/** The program's buyer-record address (createAccountWithSeed from the presale's authority). */
export function createBuyerRecordDeriver(programId: string): BuyerRecordAddressDeriver {
  const program = new PublicKey(programId);
  return (presale, wallet) =>
    findBuyerRecordAddress(program, new PublicKey(presale), new PublicKey(wallet))[0].toBase58();
}

/**
 * A leader record from account bytes, or `null` when the account is not one the program wrote:
 * another owner, size or kind, or an address that is not the record's own PDA (seeds
 * `["leader", presale, code]` with its stored bump).
 */
function toLeaderRecord(
  program: PublicKey,
  address: PublicKey,
  info: { readonly owner: PublicKey; readonly data: Uint8Array },
): OnChainLeaderRecord | null {
  if (!info.owner.equals(program) || info.data.length !== LEADER_RECORD_ACCOUNT_SIZE) return null;
  let decoded;
  try {
    decoded = decodeLeaderRecordAccount(new Uint8Array(info.data));
  } catch {
    return null;
  }
  let derived: PublicKey;
  try {
    derived = PublicKey.createProgramAddressSync(
      [
        new TextEncoder().encode(LEADER_RECORD_SEED),
        new PublicKey(decoded.presale).toBytes(),
        new TextEncoder().encode(decoded.code),
        Uint8Array.of(decoded.bump),
      ],
      program,
    );
  } catch {
    return null;
  }
  if (!derived.equals(address)) return null;
  return {
    address: address.toBase58(),
    presale: decoded.presale,
    wallet: decoded.wallet,
    code: decoded.code,
    active: decoded.active,
    volumeLamports: decoded.volumeLamports,
    buys: decoded.buys,
    earnedLamports: decoded.solsEarned,
    claimedLamports: decoded.solsClaimed,
  };
}

/** The filters that select a presale's leader records: size, kind and presale bytes. */
function leaderRecordFilters(presale: string) {
  const memcmp = (offset: number, bytes: Uint8Array) => ({
    memcmp: { offset, bytes: encodeBase58(bytes) },
  });
  return {
    memcmp,
    filters: [
      { dataSize: LEADER_RECORD_ACCOUNT_SIZE },
      memcmp(LEADER_RECORD_OFFSETS.kind, Uint8Array.of(ACCOUNT_KIND.leaderRecord)),
      memcmp(LEADER_RECORD_OFFSETS.presale, new PublicKey(presale).toBytes()),
    ],
  };
}

/**
 * Leader records over JSON-RPC at 'confirmed': one record by address or code
 * (`getAccountInfo`), or a presale's records, optionally of one wallet, with one
 * `getProgramAccounts` filtered by size, kind, presale and wallet bytes; and the pushes of a
 * presale's records over pubsub (one `programSubscribe` with the same filters), each checked
 * as a read is.
 */
export function createProgramLeaderRecordReader(
  connection: Connection,
  programId: string,
): LeaderRecords {
  const program = new PublicKey(programId);
  const readAt = async (address: PublicKey): Promise<OnChainLeaderRecord | null> => {
    const info = await connection.getAccountInfo(address, 'confirmed');
    return info === null ? null : toLeaderRecord(program, address, info);
  };
  return {
    watchLeaderRecords(presale, onChange) {
      const id = connection.onProgramAccountChange(
        program,
        ({ accountId, accountInfo }) => {
          const record = toLeaderRecord(program, accountId, accountInfo);
          onChange(accountId.toBase58(), record?.presale === presale ? record : null);
        },
        {
          commitment: 'confirmed',
          encoding: 'base64',
          filters: leaderRecordFilters(presale).filters,
        },
      );
      return () => {
        void connection.removeProgramAccountChangeListener(id).catch(() => undefined);
      };
    },
    readLeaderRecordAt: (address) => readAt(new PublicKey(address)),
    readLeaderRecord: (presale, code) =>
      readAt(findLeaderRecordAddress(program, new PublicKey(presale), code)[0]),
    async listLeaderRecords(presale, filter = {}) {
      const { memcmp, filters } = leaderRecordFilters(presale);
      const accounts = await connection.getProgramAccounts(program, {
        commitment: 'confirmed',
        filters: [
          ...filters,
          ...(filter.wallet === undefined
            ? []
            : [memcmp(LEADER_RECORD_OFFSETS.wallet, new PublicKey(filter.wallet).toBytes())]),
        ],
      });
      return accounts
        .map(({ pubkey, account }) => toLeaderRecord(program, pubkey, account))
        .filter(
          (record): record is OnChainLeaderRecord =>
            record !== null &&
            record.presale === presale &&
            (filter.wallet === undefined || record.wallet === filter.wallet),
        )
        .sort(compareCodes);
    },
  };
}

/**
 * {@link AccountWatch} over the BFF's own connection's pubsub websocket (`SOLANA_WS_URL`): one
 * `accountSubscribe` per address and commitment, however many browsers watch it (web3.js shares
 * a subscription between the listeners of the same account), ended once the last one stops.
 */
export function createAccountWatch(connection: Connection): AccountWatch {
  return {
    watchAccount(address, onChange) {
      const id = connection.onAccountChange(
        new PublicKey(address),
        (info, context) =>
          onChange({
            slot: context.slot,
            lamports: info.lamports,
            owner: info.owner.toBase58(),
            data: info.data,
            executable: info.executable,
            rentEpoch: info.rentEpoch ?? 0,
            space: info.data.length,
          }),
        { commitment: 'confirmed' },
      );
      return () => {
        connection.removeAccountChangeListener(id).catch(() => undefined);
      };
    },
  };
}
