/**
 * Our web3.js builders against the IDL, byte for byte: each instruction's data decodes with the
 * IDL's codec to the arguments given, the IDL's codec encodes those arguments to the same bytes,
 * and the account metas (order, addresses, signer, writable, optional left out) are the ones an
 * IDL-driven client resolves from the IDL's PDAs and program ids.
 */
import { Keypair, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildAcceptSellerInstruction,
  buildBuyInstruction,
  buildBuyWithInstruction,
  buildClaimCommissionInstruction,
  buildClaimInstruction,
  buildDistributeInstruction,
  buildFinalizeInstruction,
  buildInitializeInstruction,
  buildRefundInstruction,
  buildWithdrawProceedsInstruction,
  buildProposeSellerInstruction,
  buildRegisterLeaderInstruction,
  buildSetActiveInstruction,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
} from '@fbt/presale-client';
import {
  buildFromIdl,
  hex,
  IDL,
  idlInstruction,
  instructionDataCodec,
  plainMetas,
  type IdlValue,
  type RemainingTarget,
} from './support/idl-resolve';

const key = (seed: number): PublicKey =>
  new PublicKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 37 + i * 11 + 1) % 256));

const programId = key(1);
const seller = key(2);
const presale = key(3);
const mint = key(4);
const tempTokenAccount = key(5);
const buyer = key(6);
const leaderWallet = key(7);
const leaderRecord = key(8);
const destinationTokenAccount = key(9);
const newSeller = key(10);
const buyerTokenAccount = key(11);
const buyers = [12, 13, 14].map((n) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey);
const proof = [Uint8Array.from({ length: 32 }, (_, i) => i), new Uint8Array(32).fill(0xab)];
const root = new Uint8Array(32).fill(0x5c);
const bytes = (value: Uint8Array) => ['base16', hex(value)];
/** An optional value present, as the IDL's codecs write it. */
const some = (value: IdlValue | bigint) => ({ __option: 'Some', value });
/** An optional value left out. */
const none = { __option: 'None' };

interface Case {
  readonly label: string;
  readonly instruction: string;
  readonly build: () => TransactionInstruction;
  readonly accounts: Record<string, PublicKey>;
  readonly args: IdlValue;
  /** Distribute's buyers, resolved the way the IDL's remaining accounts describe them. */
  readonly remaining?: readonly RemainingTarget[];
}

const limits = { minUserBuyable: 1_000n, maxUserBuyable: 10n ** 12n, maxTotalBuyable: 2n ** 63n };
const purchase = { programId, presale, buyer, seller, tempTokenAccount, mint };
const purchaseAccounts = { buyer, presale, seller, tempTokenAccount, mint };
const admin = { programId, seller, presale };

const CASES: readonly Case[] = [
  {
    label: 'Initialize, paused',
    instruction: 'initialize',
    build: () =>
      buildInitializeInstruction({
        ...admin,
        tempTokenAccount,
        mint,
        tokenPrice: 50_000n,
        ...limits,
        active: false,
      }),
    accounts: { seller, presale, tempTokenAccount, mint },
    args: { tokenPrice: 50_000n, ...limits, active: false, terms: { __option: 'None' } },
  },
  {
    label: 'Initialize, at completion with a minimum raise and vesting',
    instruction: 'initialize',
    build: () =>
      buildInitializeInstruction({
        ...admin,
        tempTokenAccount,
        mint,
        tokenPrice: 50_000n,
        ...limits,
        terms: {
          mode: 'at-completion',
          minimumRaise: 2n ** 63n,
          vesting: {
            unlockedAtCompletionBps: 2_500,
            cliffSeconds: 86_400,
            vestingSeconds: 2 ** 32 - 1,
          },
        },
      }),
    accounts: { seller, presale, tempTokenAccount, mint },
    args: {
      ...{ tokenPrice: 50_000n, ...limits, active: true },
      terms: some({
        ...{ deliveryMode: 1, minimumRaise: 2n ** 63n, unlockedAtCompletionBps: 2_500 },
        ...{ cliffSeconds: 86_400, vestingSeconds: 2 ** 32 - 1 },
      }),
    },
  },
  {
    label: 'Initialize, instant in the long form',
    instruction: 'initialize',
    build: () =>
      buildInitializeInstruction({
        ...admin,
        tempTokenAccount,
        mint,
        tokenPrice: 1n,
        ...limits,
        terms: { mode: 'instant' },
      }),
    accounts: { seller, presale, tempTokenAccount, mint },
    args: {
      ...{ tokenPrice: 1n, ...limits, active: true },
      terms: some({
        ...{ deliveryMode: 0, minimumRaise: 0n, unlockedAtCompletionBps: 10_000 },
        ...{ cliffSeconds: 0, vestingSeconds: 0 },
      }),
    },
  },
  {
    label: 'Buy to the buyer’s associated token account',
    instruction: 'buy',
    build: () => buildBuyInstruction({ ...purchase, lamports: 1_234_567_890n }),
    accounts: purchaseAccounts,
    args: { lamports: 1_234_567_890n, latestEnd: none },
  },
  {
    label: 'Buy to a named token account',
    instruction: 'buy',
    build: () => buildBuyInstruction({ ...purchase, buyerTokenAccount, lamports: 2n ** 64n - 1n }),
    accounts: { ...purchaseAccounts, buyerTokenAccount },
    args: { lamports: 2n ** 64n - 1n, latestEnd: none },
  },
  {
    label: 'Buy with the latest sale end the buyer accepts',
    instruction: 'buy',
    build: () => buildBuyInstruction({ ...purchase, lamports: 3n, latestEnd: 4_102_444_800n }),
    accounts: purchaseAccounts,
    args: { lamports: 3n, latestEnd: some(4_102_444_800n) },
  },
  {
    label: 'SetActive',
    instruction: 'setActive',
    build: () => buildSetActiveInstruction({ ...admin, active: true }),
    accounts: { seller, presale },
    args: { active: true },
  },
  {
    label: 'UpdateLimits',
    instruction: 'updateLimits',
    build: () => buildUpdateLimitsInstruction({ ...admin, ...limits }),
    accounts: { seller, presale },
    args: limits,
  },
  {
    label: 'WithdrawUnsold',
    instruction: 'withdrawUnsold',
    build: () =>
      buildWithdrawUnsoldInstruction({ ...admin, tempTokenAccount, mint, destinationTokenAccount }),
    accounts: { seller, presale, tempTokenAccount, mint, destinationTokenAccount },
    args: {},
  },
  {
    label: 'BuyWith, plain',
    instruction: 'buyWith',
    build: () => buildBuyWithInstruction({ ...purchase, lamports: 5n }),
    accounts: purchaseAccounts,
    args: { lamports: 5n, allowlistProof: [], latestEnd: none },
  },
  {
    label: 'BuyWith, leader record and a proof',
    instruction: 'buyWith',
    build: () =>
      buildBuyWithInstruction({ ...purchase, lamports: 7n, leaderRecord, allowlistProof: proof }),
    accounts: { ...purchaseAccounts, leaderRecord },
    args: { lamports: 7n, allowlistProof: proof.map(bytes), latestEnd: none },
  },
  {
    label: 'BuyWith, a proof and the latest sale end the buyer accepts',
    instruction: 'buyWith',
    build: () =>
      buildBuyWithInstruction({
        ...purchase,
        lamports: 9n,
        allowlistProof: proof,
        latestEnd: 2n ** 63n - 1n,
      }),
    accounts: purchaseAccounts,
    args: { lamports: 9n, allowlistProof: proof.map(bytes), latestEnd: some(2n ** 63n - 1n) },
  },
  {
    label: 'RegisterLeader',
    instruction: 'registerLeader',
    build: () => buildRegisterLeaderInstruction({ ...admin, code: 'beast_42-X', leaderWallet }),
    accounts: { seller, presale, leaderWallet },
    args: { code: 'beast_42-X' },
  },
  {
    label: 'ClaimCommission',
    instruction: 'claimCommission',
    build: () => buildClaimCommissionInstruction({ programId, leaderWallet, leaderRecord }),
    accounts: { leaderWallet, leaderRecord },
    args: {},
  },
  {
    label: 'ClaimCommission from an escrow, the presale named',
    instruction: 'claimCommission',
    build: () =>
      buildClaimCommissionInstruction({ programId, leaderWallet, leaderRecord, presale }),
    accounts: { leaderWallet, leaderRecord, presale },
    args: {},
  },
  {
    label: 'SetLeaderActive',
    instruction: 'setLeaderActive',
    build: () => buildSetLeaderActiveInstruction({ ...admin, code: 'abc', active: false }),
    accounts: { seller, presale },
    args: { code: 'abc', active: false },
  },
  {
    label: 'SetAllowlist, a root',
    instruction: 'setAllowlist',
    build: () => buildSetAllowlistInstruction({ ...admin, root }),
    accounts: { seller, presale },
    args: { merkleRoot: bytes(root) },
  },
  {
    label: 'SetAllowlist, open',
    instruction: 'setAllowlist',
    build: () => buildSetAllowlistInstruction({ ...admin, root: null }),
    accounts: { seller, presale },
    args: { merkleRoot: bytes(new Uint8Array(32)) },
  },
  {
    label: 'SetWindow',
    instruction: 'setWindow',
    build: () =>
      buildSetWindowInstruction({ ...admin, start: 1_700_000_000n, end: 2n ** 63n - 1n }),
    accounts: { seller, presale },
    args: { saleStart: 1_700_000_000n, saleEnd: 2n ** 63n - 1n },
  },
  {
    label: 'ProposeSeller',
    instruction: 'proposeSeller',
    build: () => buildProposeSellerInstruction({ ...admin, newSeller }),
    accounts: { seller, presale },
    args: { newSeller: newSeller.toBase58() },
  },
  {
    label: 'ProposeSeller, withdrawn',
    instruction: 'proposeSeller',
    build: () => buildProposeSellerInstruction({ ...admin, newSeller: null }),
    accounts: { seller, presale },
    args: { newSeller: new PublicKey(new Uint8Array(32)).toBase58() },
  },
  {
    label: 'AcceptSeller',
    instruction: 'acceptSeller',
    build: () => buildAcceptSellerInstruction({ programId, newSeller, presale }),
    accounts: { newSeller, presale },
    args: {},
  },
  {
    label: 'Finalize',
    instruction: 'finalize',
    build: () => buildFinalizeInstruction({ programId, presale }),
    accounts: { presale },
    args: {},
  },
  {
    label: 'Distribute to three buyers, one to a named token account',
    instruction: 'distribute',
    build: () =>
      buildDistributeInstruction({
        ...{ programId, presale, tempTokenAccount, mint },
        buyers: [
          { buyer: buyers[0] as PublicKey },
          { buyer: buyers[1] as PublicKey, buyerTokenAccount },
          { buyer: buyers[2] as PublicKey },
        ],
      }),
    accounts: { presale, tempTokenAccount, mint },
    args: {},
    remaining: [
      { buyer: buyers[0] as PublicKey },
      { buyer: buyers[1] as PublicKey, buyerTokenAccount },
      { buyer: buyers[2] as PublicKey },
    ],
  },
  {
    label: 'Claim to the buyer’s associated token account',
    instruction: 'claim',
    build: () => buildClaimInstruction({ programId, presale, tempTokenAccount, mint, buyer }),
    accounts: { buyer, presale, tempTokenAccount, mint },
    args: {},
  },
  {
    label: 'Claim to a named token account',
    instruction: 'claim',
    build: () =>
      buildClaimInstruction({
        programId,
        presale,
        tempTokenAccount,
        mint,
        buyer,
        buyerTokenAccount,
      }),
    accounts: { buyer, presale, tempTokenAccount, mint, buyerTokenAccount },
    args: {},
  },
  {
    label: 'Refund',
    instruction: 'refund',
    build: () => buildRefundInstruction({ programId, presale, buyer }),
    accounts: { presale, buyer },
    args: {},
  },
  {
    label: 'WithdrawProceeds',
    instruction: 'withdrawProceeds',
    build: () => buildWithdrawProceedsInstruction({ programId, seller, presale }),
    accounts: { seller, presale },
    args: {},
  },
];

describe('the client’s instructions against the IDL', () => {
  it('covers every instruction of the IDL', () => {
    const covered = new Set(CASES.map((c) => c.instruction));
    expect(IDL.program.instructions.map((i) => i.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  describe.each(CASES)('$label', ({ instruction, build, accounts, args, remaining }) => {
    const ix = build();
    const fromIdl = buildFromIdl(instruction, programId, { accounts, args, remaining });
    const codec = instructionDataCodec(idlInstruction(instruction));

    it('has data the IDL decodes to the arguments given', () => {
      expect(codec.decode(ix.data)).toEqual(fromIdl.data);
    });

    it('has the bytes the IDL encodes from those arguments', () => {
      expect(hex(new Uint8Array(codec.encode(fromIdl.data)))).toBe(hex(ix.data));
    });

    it('has the IDL’s accounts: order, addresses, signer and writable flags', () => {
      expect(ix.programId.equals(programId)).toBe(true);
      expect(plainMetas(ix.keys)).toEqual(plainMetas(fromIdl.keys));
    });
  });
});
