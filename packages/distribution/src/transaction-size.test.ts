import { findAuthorityAddress } from '@fbt/presale-client';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { versionedTransactionSize } from './transaction-size';

const key = () => Keypair.generate().publicKey;

function compiled(
  payer: PublicKey,
  instructions: TransactionInstruction[],
  tables: AddressLookupTableAccount[],
) {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: PublicKey.default.toBase58(),
    instructions,
  }).compileToV0Message(tables);
  const loaded = message.addressTableLookups.reduce(
    (sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length,
    0,
  );
  return {
    bytes: new VersionedTransaction(message).serialize().length,
    accounts: message.staticAccountKeys.length + loaded,
  };
}

const table = (addresses: PublicKey[]) =>
  new AddressLookupTableAccount({
    key: key(),
    state: {
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 1,
      lastExtendedSlotStartIndex: 0,
      authority: key(),
      addresses,
    },
  });

describe('the size of a version-0 transaction, computed', () => {
  const program = key();
  const presale = key();
  const mint = key();
  const [authority] = findAuthorityAddress(program, presale);
  const payer = key();
  const pairs = (count: number) =>
    Array.from({ length: count }, () => [
      { pubkey: key(), isSigner: false, isWritable: true },
      { pubkey: key(), isSigner: false, isWritable: true },
    ]).flat();
  const distribute = (count: number) =>
    new TransactionInstruction({
      programId: program,
      keys: [
        { pubkey: presale, isSigner: false, isWritable: true },
        { pubkey: key(), isSigner: false, isWritable: true },
        { pubkey: authority, isSigner: false, isWritable: false },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: TOKEN_PROGRAM_ID, isSigner: false, isWritable: false },
        ...pairs(count),
      ],
      data: Buffer.from([14]),
    });
  const budget = ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 });
  const create = () => createAssociatedTokenAccountIdempotentInstruction(payer, key(), key(), mint);

  it.each([
    ['no table', [budget, distribute(3)], []],
    ['no table, one buyer', [distribute(1)], []],
    [
      'a table of the fixed accounts',
      [budget, distribute(10)],
      [table([presale, authority, mint, TOKEN_PROGRAM_ID])],
    ],
    [
      'a table naming the payer and a program (both stay in full)',
      [budget, distribute(5)],
      [table([payer, program, presale, mint])],
    ],
    [
      'two tables sharing an account (loaded from the first)',
      [budget, distribute(4)],
      [table([presale, mint]), table([mint, authority, TOKEN_PROGRAM_ID])],
    ],
    [
      'creating token accounts too',
      [budget, create(), create(), distribute(6)],
      [table([presale, authority, mint, TOKEN_PROGRAM_ID, SystemProgram.programId])],
    ],
    ['an unrelated table', [distribute(2)], [table([key(), key()])]],
  ] as const)('equals web3.js with %s', (_name, instructions, tables) => {
    expect(versionedTransactionSize(payer, instructions, tables)).toEqual(
      compiled(payer, [...instructions], [...tables]),
    );
  });
});
