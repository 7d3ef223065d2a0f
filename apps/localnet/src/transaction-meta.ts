import { address } from '@solana/kit';
import bs58 from 'bs58';
import type { LiteSVM, TransactionMetadata } from 'litesvm';
import { readAccount } from './bank';
import type { InnerInstructions, ReturnData, TokenBalance } from './chain-types';
import type { DecodedTransaction } from './wire-transaction';

const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]);
const TOKEN_ACCOUNT_SIZE = 165;

function readTokenAccount(
  data: Uint8Array,
): { mint: string; owner: string; amount: bigint } | null {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  };
}

/**
 * Lamports of each of the transaction's accounts, in account-key order; read before and after
 * execution, since litesvm reports no balances of its own.
 */
export function balancesOf(svm: LiteSVM, tx: DecodedTransaction): bigint[] {
  return tx.accountKeys.map((key) => svm.getBalance(address(key)) ?? 0n);
}

/** The transaction's initialized SPL token accounts with their amounts and mint decimals. */
export function tokenBalancesOf(svm: LiteSVM, tx: DecodedTransaction): TokenBalance[] {
  const out: TokenBalance[] = [];
  tx.accountKeys.forEach((key, accountIndex) => {
    const account = readAccount(svm, key);
    if (account === null || !TOKEN_PROGRAMS.has(account.owner)) return;
    const token = readTokenAccount(account.data);
    if (token === null) return;
    const mint = readAccount(svm, token.mint);
    const decimals = mint !== null && mint.data.length >= 45 ? (mint.data[44] ?? 0) : 0;
    out.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: account.owner,
      amount: token.amount,
      decimals,
    });
  });
  return out;
}

/** litesvm's inner instructions, leaving out top-level instructions that invoked nothing. */
export function innerInstructionsOf(meta: TransactionMetadata): InnerInstructions {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: ix.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((group) => group.instructions.length > 0);
}

/** litesvm's return data, null when empty (as RPC omits it). */
export function returnDataOf(meta: TransactionMetadata): ReturnData {
  const rd = meta.returnData();
  const data = rd.data();
  if (data.length === 0) return null;
  return { programId: bs58.encode(rd.programId()), data };
}
