import { Buffer } from 'buffer';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { BUY_ACCOUNTS } from './buy-accounts';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildInitializeInstruction,
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  decodeBuyInstruction,
  encodeBuyInstructionData,
} from './instructions';
import { ACCOUNT_COUNTS, RENT_SYSVAR_ID } from './constants';
import { findAuthorityAddress, findBuyerRecordAddress } from './pda';

const key = (seed: number): PublicKey =>
  new PublicKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i) % 256));
const programId = key(1);
const presale = key(2);
const buyer = key(3);
const seller = key(4);
const temp = key(5);
const mint = key(6);
const base = { programId, presale, buyer, seller, tempTokenAccount: temp, mint };

describe('instruction data', () => {
  it.each([
    ['1 SOL', 1_000_000_000n, '0100ca9a3b00000000'],
    ['1 lamport', 1n, '010100000000000000'],
    ['u64::MAX', 0xffff_ffff_ffff_ffffn, '01ffffffffffffffff'],
  ])('encodes a Buy of %s as 0x01 + u64 LE', (_label, lamports, hex) => {
    expect(encodeBuyInstructionData(lamports).toString('hex')).toBe(hex);
  });

  it('refuses amounts that are not u64', () => {
    expect(() => encodeBuyInstructionData(-1n)).toThrow('lamports must be a u64, got -1');
    expect(() => encodeBuyInstructionData(2n ** 64n)).toThrow(RangeError);
  });

  it('encodes Initialize as tag, price, min, max per user, max total, bump, active', () => {
    const ix = buildInitializeInstruction({
      ...base,
      seller,
      tokenPrice: 50_000n,
      minUserBuyable: 1n,
      maxUserBuyable: 2n,
      maxTotalBuyable: 3n,
      active: false,
    });
    const [, bump] = findAuthorityAddress(programId, presale);
    expect(ix.data.toString('hex')).toBe(
      `00${'50c3000000000000'}${'0100000000000000'}${'0200000000000000'}${'0300000000000000'}${bump.toString(16).padStart(2, '0')}00`,
    );
    expect(ix.keys.map((k) => [k.isSigner, k.isWritable])).toEqual([
      [true, false],
      [true, true],
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('encodes the seller-only instructions', () => {
    const seller = { programId, seller: key(4), presale };
    expect(buildSetActiveInstruction({ ...seller, active: true }).data.toString('hex')).toBe(
      '0201',
    );
    expect(
      buildUpdateLimitsInstruction({
        ...seller,
        minUserBuyable: 1n,
        maxUserBuyable: 2n,
        maxTotalBuyable: 3n,
      }).data.toString('hex'),
    ).toBe('03010000000000000002000000000000000300000000000000');
    const withdraw = buildWithdrawUnsoldInstruction({
      ...seller,
      tempTokenAccount: temp,
      mint,
      destinationTokenAccount: key(9),
    });
    expect(withdraw.data.toString('hex')).toBe('04');
    expect(withdraw.keys).toHaveLength(7);
  });
});

describe('buildBuyInstructions', () => {
  it('returns just the Buy with its 11 accounts in program order', () => {
    const [ix, ...rest] = buildBuyInstructions({ ...base, lamports: 5n });
    expect(rest).toHaveLength(0);
    const [record] = findBuyerRecordAddress(programId, presale, buyer);
    const [authority] = findAuthorityAddress(programId, presale);
    expect(ix?.keys.map((k) => k.pubkey.toBase58())).toEqual(
      [
        buyer,
        presale,
        seller,
        temp,
        getAssociatedTokenAddressSync(mint, buyer),
        record,
        authority,
        mint,
        TOKEN_PROGRAM_ID,
        SystemProgram.programId,
        RENT_SYSVAR_ID,
      ].map((k) => k.toBase58()),
    );
    expect(ix?.keys.filter((k) => k.isSigner).map((k) => k.pubkey.toBase58())).toEqual([
      buyer.toBase58(),
    ]);
  });

  it('when asked, prepends an idempotent ATA create; a leader buy is BuyWith naming the record, nothing more', () => {
    const leaderRecord = key(7);
    const ixs = buildBuyInstructions({
      ...base,
      lamports: 5n,
      createBuyerTokenAccount: true,
      leaderRecord,
    });
    expect(ixs.map((ix) => ix.programId.toBase58())).toEqual([
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      programId.toBase58(),
    ]);
    expect(ixs[0]?.data.toString('hex')).toBe('01'); // CreateIdempotent
    expect(ixs[1]?.keys[11]?.pubkey.toBase58()).toBe(leaderRecord.toBase58());
  });
});

describe('decodeBuyInstruction', () => {
  it('recognises a Buy and names its accounts', () => {
    const ix = buildBuyInstruction({ ...base, lamports: 1_234n });
    const decoded = decodeBuyInstruction(ix, programId);
    expect(decoded?.lamports).toBe(1_234n);
    const [record] = findBuyerRecordAddress(programId, presale, buyer);
    const [authority] = findAuthorityAddress(programId, presale);
    const named = Object.fromEntries(
      Object.entries(decoded?.accounts ?? {}).map(([name, address]) => [name, address.toBase58()]),
    );
    expect(named).toEqual({
      buyer: buyer.toBase58(),
      presale: presale.toBase58(),
      seller: seller.toBase58(),
      tempTokenAccount: temp.toBase58(),
      buyerTokenAccount: getAssociatedTokenAddressSync(mint, buyer).toBase58(),
      buyerRecord: record.toBase58(),
      authority: authority.toBase58(),
      mint: mint.toBase58(),
      tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      systemProgram: SystemProgram.programId.toBase58(),
      rent: RENT_SYSVAR_ID.toBase58(),
    });
    expect(BUY_ACCOUNTS).toHaveLength(ACCOUNT_COUNTS.Buy);
  });

  it.each([
    [
      'another program',
      (ix: ReturnType<typeof buildBuyInstruction>) => ({ ...ix, programId: key(99) }),
    ],
    [
      'another instruction tag',
      (ix: ReturnType<typeof buildBuyInstruction>) => ({ ...ix, data: Buffer.from('0201', 'hex') }),
    ],
    [
      'a truncated amount',
      (ix: ReturnType<typeof buildBuyInstruction>) => ({ ...ix, data: ix.data.subarray(0, 8) }),
    ],
    [
      '10 accounts',
      (ix: ReturnType<typeof buildBuyInstruction>) => ({ ...ix, keys: ix.keys.slice(0, 10) }),
    ],
  ])('returns null for %s', (_label, mutate) => {
    expect(
      decodeBuyInstruction(mutate(buildBuyInstruction({ ...base, lamports: 1n })), programId),
    ).toBeNull();
  });
});
