import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buildBuyWithInstruction, encodeBuyWithInstructionData } from './buy-with';
import { ACCOUNT_COUNTS, PresaleInstruction } from './constants';
import { decodeBuyInstruction } from './instructions';
import { decodeLeaderRecordAccount, LEADER_RECORD_ACCOUNT_SIZE } from './leader-record';
import { findBuyerRecordAddress, findLeaderRecordAddress } from './pda';
import {
  buildRegisterLeaderInstruction,
  buildSetAllowlistInstruction,
  buildSetWindowInstruction,
} from './sale-instructions';

const programId = Keypair.generate().publicKey;
const presale = Keypair.generate().publicKey;
const seller = Keypair.generate().publicKey;
const buyer = Keypair.generate().publicKey;
const base = {
  programId,
  presale,
  buyer,
  seller,
  tempTokenAccount: Keypair.generate().publicKey,
  mint: Keypair.generate().publicKey,
  lamports: 1_000_000_000n,
};

describe('BuyWith', () => {
  it('encodes lamports and the proof (no record bump); the leader record is the 12th account', () => {
    const proof = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    const [leaderRecord] = findLeaderRecordAddress(programId, presale, 'beast42');
    const ix = buildBuyWithInstruction({ ...base, leaderRecord, allowlistProof: proof });
    const [record] = findBuyerRecordAddress(programId, presale, buyer);
    expect(ix.data.length).toBe(10 + 64);
    expect([ix.data[0], ix.data[9], ix.data[10]]).toEqual([PresaleInstruction.BuyWith, 2, 1]);
    expect(ix.keys[5]?.pubkey.equals(record)).toBe(true);
    expect(ix.keys.length).toBe(ACCOUNT_COUNTS.BuyWith + 1);
    expect(ix.keys[11]).toMatchObject({ isWritable: true, isSigner: false });
    const decoded = decodeBuyInstruction(ix, programId);
    expect(decoded).toMatchObject({ instruction: 'BuyWith', lamports: 1_000_000_000n });
    expect(decoded?.leaderRecord?.equals(leaderRecord)).toBe(true);
    expect(decoded?.allowlistProof.map((h) => h[0])).toEqual([1, 2]);
    expect(decoded?.accounts.buyer.equals(buyer)).toBe(true);
  });

  it('refuses a proof of more than 20 hashes or a hash of the wrong size', () => {
    expect(() => encodeBuyWithInstructionData(1n, Array(21).fill(new Uint8Array(32)))).toThrow(
      'an allowlist proof has at most 20 hashes, got 21',
    );
    expect(() => encodeBuyWithInstructionData(1n, [new Uint8Array(31)])).toThrow(
      'proof hash 0 must be 32 bytes, got 31',
    );
  });

  it('decodes nothing from malformed BuyWith data', () => {
    const ix = buildBuyWithInstruction(base);
    const truncated = { ...ix, data: ix.data.subarray(0, 9) };
    expect(decodeBuyInstruction(truncated, programId)).toBeNull();
    const badCount = { ...ix, data: Uint8Array.from([...ix.data.subarray(0, 9), 1]) };
    expect(decodeBuyInstruction(badCount, programId)).toBeNull();
  });
});

describe('sale administration builders', () => {
  const params = { programId, seller, presale };

  it('validates the leader code before building anything', () => {
    const leaderWallet = Keypair.generate().publicKey;
    expect(() =>
      buildRegisterLeaderInstruction({ ...params, code: 'no spaces', leaderWallet }),
    ).toThrow(/leader code must be 3 to 32 characters/);
    expect(() => buildRegisterLeaderInstruction({ ...params, code: 'ab', leaderWallet })).toThrow(
      /leader code must be 3 to 32 characters/,
    );
    const ix = buildRegisterLeaderInstruction({ ...params, code: 'a-b_C9', leaderWallet });
    expect(Array.from(ix.data)).toEqual([6, 6, ...new TextEncoder().encode('a-b_C9')]);
  });

  it('refuses a window that ends before it starts, a negative time and a root of the wrong size', () => {
    expect(() => buildSetWindowInstruction({ ...params, start: 10n, end: 10n })).toThrow(
      'window start 10 must be before its end 10',
    );
    expect(() => buildSetWindowInstruction({ ...params, start: -1n, end: 0n })).toThrow(
      'start must be between 0 and 2^63-1, got -1',
    );
    expect(() => buildSetAllowlistInstruction({ ...params, root: new Uint8Array(31) })).toThrow(
      'root must be 32 bytes, got 31',
    );
    expect(buildSetAllowlistInstruction({ ...params, root: null }).data).toEqual(
      Buffer.concat([Buffer.from([9]), Buffer.alloc(32)]),
    );
  });
});

describe('decodeLeaderRecordAccount', () => {
  it('reads wallet, code, totals and what is claimable', () => {
    const bytes = new Uint8Array(LEADER_RECORD_ACCOUNT_SIZE);
    const view = new DataView(bytes.buffer);
    bytes.set([3, 254, 1, 0, 4]);
    bytes.fill(0x11, 8, 40);
    bytes.fill(0x22, 40, 72);
    bytes.set(new TextEncoder().encode('ab_9'), 72);
    view.setBigUint64(104, 5_000n, true);
    view.setBigUint64(112, 2n, true);
    view.setBigUint64(120, 500n, true);
    view.setBigUint64(128, 200n, true);
    expect(decodeLeaderRecordAccount(bytes)).toEqual({
      presale: new PublicKey(new Uint8Array(32).fill(0x11)).toBase58(),
      wallet: new PublicKey(new Uint8Array(32).fill(0x22)).toBase58(),
      code: 'ab_9',
      bump: 254,
      version: 1,
      active: false,
      commissionInEscrow: false,
      volumeLamports: 5_000n,
      buys: 2n,
      solsEarned: 500n,
      solsClaimed: 200n,
      solsClaimable: 300n,
    });
    expect(() => decodeLeaderRecordAccount(new Uint8Array(136))).toThrow(
      'leader record has kind 0, expected 3',
    );
    expect(() => decodeLeaderRecordAccount(new Uint8Array(88))).toThrow(
      'leader record must be 136 bytes, got 88',
    );
  });
});
