/**
 * Our account decoders, layouts, constants and error table against the IDL: account bytes the
 * IDL's codec writes decode with the client to the same values, and so do the bytes the real
 * program writes on litesvm; offsets, sizes, tags, account counts, seeds, the leader rule and
 * the error table are equal both ways.
 */
import { getAllInstructionArguments, isNode, pascalCase } from '@codama/nodes';
import { PRESALE_STATE_OFFSETS } from '@fbt/domain';
import {
  ACCOUNT_COUNTS,
  AUTHORITY_SEED,
  BUY_ACCOUNTS,
  BUYER_RECORD_ACCOUNT_SIZE,
  BUYER_RECORD_OFFSETS,
  BUYER_RECORD_SEED_KEY_BYTES,
  decodeBuyerRecordAccount,
  decodeLeaderRecordAccount,
  buildRegisterLeaderInstruction,
  decodePresaleAccount,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
  LEADER_CODE_PATTERN,
  LEADER_COMMISSION_BPS,
  LEADER_RECORD_ACCOUNT_SIZE,
  LEADER_RECORD_OFFSETS,
  LEADER_RECORD_SEED,
  DELIVERY_MODE_CODES,
  MAX_ALLOWLIST_PROOF_DEPTH,
  MAX_DISTRIBUTE_BUYERS,
  PRESALE_ACCOUNT_SIZE,
  PRESALE_DELIVERY_OFFSETS,
  PRESALE_ERRORS,
  PRESALE_EXTRA_OFFSETS,
  SALE_STATUSES,
  PresaleInstruction,
} from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { readIdlConstants } from '../src/idl/constants';
import { accountCounts, accountLayout, instructionTag } from '../src/idl/layout';
import { readSvmAccount } from './support/index';
import { SOL } from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send } from './support/harness';
import { claim, createAtCompletionSale, END, finalize, setNow } from './support/distribution';
import {
  accountDataCodec,
  IDL,
  idlAccount,
  idlInstruction,
  type IdlValue,
} from './support/idl-resolve';

const ZERO_KEY = new PublicKey(new Uint8Array(32)).toBase58();
const hexOf = (value: unknown): string => (value as [string, string])[1];
const key = (seed: number): string =>
  new PublicKey(
    Uint8Array.from({ length: 32 }, (_, i) => (seed * 53 + i * 7 + 3) % 256),
  ).toBase58();

/** The client's view of a presale account, from the IDL's decoded value. */
function presaleFromIdl(v: IdlValue) {
  const root = hexOf(v.allowlistRoot);
  const open = /^0+$/.test(root);
  return {
    isInitialized: v.isInitialized,
    isActived: v.isActived,
    sellerPubkey: v.seller,
    tempTokenAccountPubkey: v.tempTokenAccount,
    tokenPrice: v.tokenPrice,
    maxUserBuyable: v.maxUserBuyable,
    minUserBuyable: v.minUserBuyable,
    maxTotalBuyable: v.maxTotalBuyable,
    currentTotalSold: v.currentTotalSold,
    version: v.version,
    authorityBump: v.authorityBump,
    decimals: v.decimals,
    mint: v.mint,
    authority: v.authority,
    tokensSold: v.tokensSold,
    buyerCount: v.buyerCount,
    saleStart: v.saleStart,
    saleEnd: v.saleEnd,
    hasAllowlist: !open,
    allowlistRoot: open ? null : root,
    pendingSeller: v.pendingSeller === ZERO_KEY ? null : v.pendingSeller,
    leaderCount: v.leaderCount,
    leaderCommission: v.leaderCommission,
    deliveryMode: v.deliveryMode === 1 ? 'at-completion' : 'instant',
    status: SALE_STATUSES[v.status as number],
    minimumRaise: v.minimumRaise,
    unlockedAtCompletionBps: v.unlockedAtCompletionBps,
    cliffSeconds: v.cliffSeconds,
    vestingSeconds: v.vestingSeconds,
    completedAt: v.completedAt,
    tokensOwed: v.tokensOwed,
    tokensDelivered: v.tokensDelivered,
    escrowLamports: v.escrowLamports,
    refundedLamports: v.refundedLamports,
    proceedsWithdrawn: v.proceedsWithdrawn,
    buyersDelivered: v.buyersDelivered,
    buyersRefunded: v.buyersRefunded,
  };
}

const buyerRecordFromIdl = (v: IdlValue) => ({
  fbtBuyedAmount: v.lamportsSpent,
  presale: v.presale,
  buyer: v.buyer,
  version: v.version,
  tokensReceived: v.tokensReceived,
  tokensDelivered: v.tokensDelivered,
});

const leaderRecordFromIdl = (v: IdlValue) => ({
  presale: v.presale,
  wallet: v.wallet,
  code: v.code,
  bump: v.bump,
  version: v.version,
  active: v.active,
  commissionInEscrow: v.commissionInEscrow,
  volumeLamports: v.volume,
  buys: v.buys,
  solsEarned: v.accrued,
  solsClaimed: v.claimed,
  solsClaimable: (v.accrued as bigint) - (v.claimed as bigint),
});

const decode = (name: string, bytes: Uint8Array) =>
  accountDataCodec(idlAccount(name)).decode(bytes) as IdlValue;
const encode = (name: string, value: IdlValue) =>
  new Uint8Array(accountDataCodec(idlAccount(name)).encode(value));

describe('the client’s account decoders against the IDL', () => {
  it('decodes a presale account the IDL writes, every field distinct', () => {
    const value = {
      ...{ isInitialized: true, isActived: true, seller: key(1), tempTokenAccount: key(2) },
      ...{ tokenPrice: 50_000n, maxUserBuyable: 9n * SOL, minUserBuyable: SOL / 10n },
      ...{ maxTotalBuyable: 2n ** 64n - 1n, currentTotalSold: 77n, kind: 1, version: 3 },
      ...{ authorityBump: 254, decimals: 6, reserved: ['base16', '0000'], mint: key(3) },
      ...{ authority: key(4), tokensSold: 123_456n, buyerCount: 3n, saleStart: 1_000n },
      ...{ saleEnd: 2n ** 62n, allowlistRoot: ['base16', 'ab'.repeat(32)], pendingSeller: key(5) },
      ...{ leaderCount: 4n, leaderCommission: 999n, deliveryMode: 1, status: 2 },
      ...{ unlockedAtCompletionBps: 2_500, cliffSeconds: 3_600, vestingSeconds: 2 ** 32 - 1 },
      ...{ reserved2: ['base16', '00000000'], minimumRaise: 5n * SOL, completedAt: 1_750_000_000n },
      ...{ tokensOwed: 11n, tokensDelivered: 12n, escrowLamports: 13n, refundedLamports: 14n },
      ...{ proceedsWithdrawn: 15n, buyersDelivered: 16n, buyersRefunded: 17n },
      reserved3: ['base16', '00'.repeat(32)],
    };
    const bytes = encode('presaleAccount', value);
    expect(bytes.length).toBe(PRESALE_ACCOUNT_SIZE);
    expect(decodePresaleAccount(bytes)).toEqual(presaleFromIdl(decode('presaleAccount', bytes)));
    expect(decodePresaleAccount(bytes).pendingSeller).toBe(key(5));
  });

  it('decodes a buyer record and a leader record the IDL writes', () => {
    const record = {
      ...{ lamportsSpent: 2n ** 63n + 5n, presale: key(6), buyer: key(7), kind: 2 },
      ...{ reserved: ['base16', '00'], version: 3, reserved2: ['base16', '00'.repeat(5)] },
      tokensReceived: 42n,
      tokensDelivered: 40n,
    };
    const recordBytes = encode('buyerRecord', record);
    expect(decodeBuyerRecordAccount(recordBytes)).toEqual(buyerRecordFromIdl(record));
    const leader = {
      ...{ kind: 3, bump: 250, version: 2, active: true, codeLength: 7 },
      ...{ commissionInEscrow: true, reserved: ['base16', '0000'], presale: key(8) },
      ...{ wallet: key(9), code: 'beast42' },
      ...{ volume: 10n * SOL, buys: 3n, accrued: SOL, claimed: SOL / 4n },
    };
    const leaderBytes = encode('leaderRecord', leader);
    expect(leaderBytes.length).toBe(LEADER_RECORD_ACCOUNT_SIZE);
    expect(decodeLeaderRecordAccount(leaderBytes)).toEqual(leaderRecordFromIdl(leader));
  });

  it('reads the accounts the program writes the same way as the IDL does', () => {
    const s = createPresale('v3');
    const { programId, presale: presaleAddress, seller } = s.fixture;
    const leaderWallet = createFundedKeypair(s.svm, 1n).publicKey;
    const register = buildRegisterLeaderInstruction({
      ...{ programId, presale: presaleAddress, seller: seller.publicKey, leaderWallet },
      code: 'idl-check',
    });
    expect(send(s, [register], [seller]).error).toBe('');
    const [record] = findLeaderRecordAddress(programId, presaleAddress, 'idl-check');
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL, { leaderRecord: record }).error).toBe('');
    const [buyerRecord] = findBuyerRecordAddress(s.programId, s.fixture.presale, buyer.publicKey);
    const read = (address: PublicKey) => readSvmAccount(s.svm, address)?.data ?? new Uint8Array();

    const presaleBytes = read(s.fixture.presale);
    const presale = decode('presaleAccount', presaleBytes);
    expect(decodePresaleAccount(presaleBytes)).toEqual(presaleFromIdl(presale));
    expect(presale).toMatchObject({
      kind: 1,
      version: 3,
      leaderCount: 1n,
      leaderCommission: SOL / 10n,
      deliveryMode: 0,
      status: 0,
      unlockedAtCompletionBps: 10_000,
    });

    const recordBytes = read(buyerRecord);
    const recordValue = decode('buyerRecord', recordBytes);
    expect(decodeBuyerRecordAccount(recordBytes)).toEqual(buyerRecordFromIdl(recordValue));
    expect(recordValue).toMatchObject({ kind: 2, version: 3, reserved: ['base16', '00'] });
    const leaderBytes = read(record);
    const leader = decode('leaderRecord', leaderBytes);
    expect(decodeLeaderRecordAccount(leaderBytes)).toEqual(leaderRecordFromIdl(leader));
    expect(leader).toMatchObject({ code: 'idl-check', codeLength: 9, accrued: SOL / 10n });
  });
});

describe('the client’s decoders against the IDL on an at-completion sale the program wrote', () => {
  it('reads the presale, a delivered record and an escrowed leader record the same way', () => {
    const s = createAtCompletionSale('v3', {
      mode: 'at-completion',
      minimumRaise: SOL,
      vesting: { unlockedAtCompletionBps: 4_000, cliffSeconds: 60, vestingSeconds: 600 },
    });
    const { programId, presale: presaleAddress, seller } = s.fixture;
    const leaderWallet = createFundedKeypair(s.svm, 1n).publicKey;
    const register = buildRegisterLeaderInstruction({
      ...{ programId, presale: presaleAddress, seller: seller.publicKey, leaderWallet },
      code: 'idl-escrow',
    });
    expect(send(s, [register], [seller]).error).toBe('');
    const [leaderRecord] = findLeaderRecordAddress(programId, presaleAddress, 'idl-escrow');
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, 2n * SOL, { leaderRecord }).error).toBe('');
    setNow(s, END + 300n);
    expect(finalize(s, buyer).error).toBe('');
    expect(claim(s, buyer).error).toBe('');
    const read = (address: PublicKey) => readSvmAccount(s.svm, address)?.data ?? new Uint8Array();
    const presaleBytes = read(presaleAddress);
    const presale = decode('presaleAccount', presaleBytes);
    expect(decodePresaleAccount(presaleBytes)).toEqual(presaleFromIdl(presale));
    expect(presale).toMatchObject({ version: 3, deliveryMode: 1, status: 2, completedAt: END });
    const [record] = findBuyerRecordAddress(programId, presaleAddress, buyer.publicKey);
    const recordBytes = read(record);
    const decoded = decode('buyerRecord', recordBytes);
    expect(decodeBuyerRecordAccount(recordBytes)).toEqual(buyerRecordFromIdl(decoded));
    expect(decoded.tokensDelivered).toBeGreaterThan(0n);
    const leaderBytes = read(leaderRecord);
    const leader = decode('leaderRecord', leaderBytes);
    expect(decodeLeaderRecordAccount(leaderBytes)).toEqual(leaderRecordFromIdl(leader));
    expect(leader).toMatchObject({ version: 2, commissionInEscrow: true, accrued: SOL / 5n });
  });
});

describe('the client’s layouts and constants against the IDL', () => {
  const offsets = (name: string) =>
    Object.fromEntries(
      accountLayout(IDL, idlAccount(name))
        .fields.filter((field) => !field.name.startsWith('reserved'))
        .map((field) => [field.name, field.offset]),
    );

  it('has the IDL’s sizes and offsets', () => {
    expect([PRESALE_ACCOUNT_SIZE, BUYER_RECORD_ACCOUNT_SIZE, LEADER_RECORD_ACCOUNT_SIZE]).toEqual(
      ['presaleAccount', 'buyerRecord', 'leaderRecord'].map((n) => idlAccount(n).size),
    );
    const { seller, tempTokenAccount, ...presale } = offsets('presaleAccount');
    expect({
      ...PRESALE_STATE_OFFSETS,
      ...PRESALE_EXTRA_OFFSETS,
      ...PRESALE_DELIVERY_OFFSETS,
    }).toEqual({
      ...presale,
      sellerPubkey: seller,
      tempTokenAccountPubkey: tempTokenAccount,
    });
    expect(BUYER_RECORD_OFFSETS).toEqual(offsets('buyerRecord'));
    expect(LEADER_RECORD_OFFSETS).toEqual(offsets('leaderRecord'));
  });

  it('has the IDL’s instruction tags and account counts', () => {
    const instructions = IDL.program.instructions;
    expect(PresaleInstruction).toEqual(
      Object.fromEntries(instructions.map((i) => [pascalCase(i.name), instructionTag(i)])),
    );
    expect(ACCOUNT_COUNTS).toEqual(
      Object.fromEntries(instructions.map((i) => [pascalCase(i.name), accountCounts(i).required])),
    );
    const accountNames = (name: string) => idlInstruction(name).accounts.map((a) => a.name);
    expect(BUY_ACCOUNTS).toEqual(accountNames('buy'));
    expect(accountNames('buyWith')).toEqual([...BUY_ACCOUNTS, 'leaderRecord']);
  });

  it('has the IDL’s PDA seeds, record seed, leader rule, commission and proof depth', () => {
    const constantSeed = (pda: string) => {
      const seed = IDL.program.pdas.find((p) => p.name === pda)?.seeds[0];
      return seed && isNode(seed, 'constantPdaSeedNode') && isNode(seed.value, 'stringValueNode')
        ? seed.value.string
        : null;
    };
    expect([AUTHORITY_SEED, LEADER_RECORD_SEED]).toEqual(
      ['authority', 'leaderRecord'].map(constantSeed),
    );
    const constants = readIdlConstants(IDL);
    expect(BUYER_RECORD_SEED_KEY_BYTES).toBe(constants.buyerRecordSeedKeyBytes);
    const { leaderCodeCharacters: chars, leaderCodeMinLength: min } = constants;
    expect(LEADER_CODE_PATTERN.source).toBe(
      `^[${chars}]{${min},${constants.leaderCodeMaxLength}}$`,
    );
    expect(LEADER_COMMISSION_BPS).toBe(BigInt(constants.leaderCommissionBps));
    expect(MAX_ALLOWLIST_PROOF_DEPTH).toBe(constants.maxAllowlistProofDepth);
    expect(MAX_DISTRIBUTE_BUYERS).toBe(constants.maxDistributeBuyers);
    expect(Object.fromEntries(SALE_STATUSES.map((status, code) => [status, code]))).toEqual({
      open: constants.saleOpen,
      'sold-out': constants.saleSoldOut,
      succeeded: constants.saleSucceeded,
      failed: constants.saleFailed,
    });
    expect(DELIVERY_MODE_CODES).toEqual({
      instant: constants.deliveryInstant,
      'at-completion': constants.deliveryAtCompletion,
    });
    const proof = getAllInstructionArguments(idlInstruction('buyWith')).find(
      (a) => a.name === 'allowlistProof',
    );
    expect(proof?.type.kind).toBe('arrayTypeNode');
  });

  it('has the IDL’s error table, both ways', () => {
    const fromClient = Object.entries(PRESALE_ERRORS).map(([code, e]) => [
      Number(code),
      e.name,
      e.message,
    ]);
    const fromIdl = IDL.program.errors.map((e) => [e.code, pascalCase(e.name), e.message]);
    expect(fromClient).toEqual(fromIdl);
  });
});
