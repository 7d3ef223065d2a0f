/**
 * Leaders on chain: RegisterLeader, the leader buy's 90/10 split with exact conservation,
 * the record's totals, ClaimCommission and SetLeaderActive, and every refusal around them
 * (forged / foreign / other presale's records, self-referral, claims by others, double claims,
 * claims below rent, suspended codes, bad codes, re-registration).
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildClaimCommissionInstruction,
  buildRegisterLeaderInstruction,
  buildSetLeaderActiveInstruction,
  decodeLeaderRecordAccount,
  decodePresaleAccount,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
  LEADER_RECORD_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import {
  readSvmAccount,
  readSvmBalance,
  writeSvmAccount,
  type TransactionOutcome,
} from './support/index';
import { expectRejected, SOL, withAccount, type Scenario } from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

const seller = (s: Scenario) => ({
  programId: s.fixture.programId,
  seller: s.fixture.seller.publicKey,
  presale: s.fixture.presale,
});

/** Registers `code` for a fresh leader wallet; returns the wallet and the record address. */
export function registerLeader(
  s: Scenario,
  code = 'beast42',
): { leader: Keypair; record: PublicKey; outcome: TransactionOutcome } {
  const leader = createFundedKeypair(s.svm, 1n);
  const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, code);
  const outcome = send(
    s,
    [buildRegisterLeaderInstruction({ ...seller(s), code, leaderWallet: leader.publicKey })],
    [s.fixture.seller],
  );
  return { leader, record, outcome };
}

const claim = (s: Scenario, wallet: Keypair, record: PublicKey): TransactionOutcome =>
  send(
    s,
    [
      buildClaimCommissionInstruction({
        programId: s.fixture.programId,
        leaderWallet: wallet.publicKey,
        leaderRecord: record,
      }),
    ],
    [wallet],
  );

const balance = (s: Scenario, key: PublicKey): bigint => readSvmBalance(s.svm, key);
const leaderRecord = (s: Scenario, key: PublicKey) =>
  decodeLeaderRecordAccount(readSvmAccount(s.svm, key)?.data ?? new Uint8Array());

describe.each(SBPF_VERSIONS)('leaders (sBPF %s)', (version) => {
  it('registers a code, splits a leader buy 90/10 exactly, counts it and pays the claim', () => {
    const s = createPresale(version);
    const { leader, record, outcome } = registerLeader(s);
    expect(outcome.error).toBe('');
    const rent = s.svm.minimumBalanceForRentExemption(BigInt(LEADER_RECORD_ACCOUNT_SIZE));
    expect(readSvmAccount(s.svm, record)?.lamports).toBe(rent);
    expect(leaderRecord(s, record)).toMatchObject({
      code: 'beast42',
      wallet: leader.publicKey.toBase58(),
      presale: s.fixture.presale.toBase58(),
      active: true,
      buys: 0n,
      solsEarned: 0n,
      solsClaimable: 0n,
    });

    const buyer = createFundedKeypair(s.svm, 20n);
    const sellerBefore = balance(s, s.fixture.seller.publicKey);
    const amounts = [SOL / 10n + 7n, 3n * SOL + 3n]; // not multiples of 10: rounding shows
    for (const lamports of amounts) {
      expect(buy(s, buyer, lamports, { leaderRecord: record }).error).toBe('');
    }
    const total = amounts.reduce((a, b) => a + b, 0n);
    const commission = amounts.reduce((sum, a) => sum + a / 10n, 0n);
    const sellerGot = balance(s, s.fixture.seller.publicKey) - sellerBefore;
    const leaderGot = (readSvmAccount(s.svm, record)?.lamports ?? 0n) - rent;
    expect({ sellerGot, leaderGot }).toEqual({
      sellerGot: total - commission,
      leaderGot: commission,
    });
    expect(sellerGot + leaderGot).toBe(total); // buyer paid = seller received + leader accrued
    expect(leaderRecord(s, record)).toMatchObject({
      volumeLamports: total,
      buys: 2n,
      solsEarned: commission,
      solsClaimed: 0n,
      solsClaimable: commission,
    });
    const state = decodePresaleAccount(
      readSvmAccount(s.svm, s.fixture.presale)?.data ?? new Uint8Array(),
    );
    expect(state).toMatchObject({
      leaderCount: 1n,
      leaderCommission: commission,
      currentTotalSold: total,
    });

    const walletBefore = balance(s, leader.publicKey);
    expect(claim(s, leader, record).error).toBe('');
    expect(balance(s, leader.publicKey) - walletBefore).toBe(commission - 5_000n); // minus the fee
    expect(readSvmAccount(s.svm, record)?.lamports).toBe(rent);
    expect(leaderRecord(s, record)).toMatchObject({
      solsEarned: commission,
      solsClaimed: commission,
      solsClaimable: 0n,
    });
    expectRejected(claim(s, leader, record), 'NothingToClaim'); // double claim
  });

  it('suspends a code without touching its earnings, and resumes it', () => {
    const s = createPresale(version);
    const { leader, record } = registerLeader(s, 'xyz');
    const buyer = createFundedKeypair(s.svm, 20n);
    expect(buy(s, buyer, SOL, { leaderRecord: record }).error).toBe('');
    const suspend = (active: boolean): TransactionOutcome =>
      send(
        s,
        [buildSetLeaderActiveInstruction({ ...seller(s), code: 'xyz', active })],
        [s.fixture.seller],
      );
    expect(suspend(false).error).toBe('');
    expectRejected(buy(s, buyer, SOL + 1n, { leaderRecord: record }), 'LeaderInactive');
    expect(leaderRecord(s, record)).toMatchObject({ active: false, solsClaimable: SOL / 10n });
    expect(buy(s, buyer, SOL + 2n).error).toBe(''); // a plain buy still works
    expect(claim(s, leader, record).error).toBe(''); // earnings stay claimable
    expect(suspend(true).error).toBe('');
    expect(buy(s, buyer, SOL + 3n, { leaderRecord: record }).error).toBe('');
  });

  it('accepts the longest code and every URL-safe character', () => {
    const s = createPresale(version);
    const code = 'Az09_-'.repeat(5) + 'zz';
    expect(registerLeader(s, code).outcome.error).toBe('');
  });

  it('accepts the shortest code, 3 characters', () => {
    const s = createPresale(version);
    expect(registerAtCodeAddress(s, 'a-Z').error).toBe('');
  });

  describe('refuses', () => {
    const cases: readonly [string, string, (s: Scenario) => TransactionOutcome][] = [
      [
        'a code registered twice',
        'LeaderExists',
        (s) => (registerLeader(s), registerLeader(s).outcome),
      ],
      [
        'a code with a character outside the URL-safe set',
        'InvalidLeaderCode',
        (s) => registerRaw(s, 'bad code'),
      ],
      ['an empty code', 'InvalidLeaderCode', (s) => registerRaw(s, '')],
      ['a code of 1 character', 'InvalidLeaderCode', (s) => registerAtCodeAddress(s, 'x')],
      ['a code of 2 characters', 'InvalidLeaderCode', (s) => registerAtCodeAddress(s, 'ab')],
      ['a code of 33 characters', 'InvalidLeaderCode', (s) => registerRaw(s, 'a'.repeat(33))],
      [
        'registration by someone other than the seller',
        'NotSeller',
        (s) => {
          const attacker = createFundedKeypair(s.svm, 1n);
          const ix = buildRegisterLeaderInstruction({
            ...seller(s),
            seller: attacker.publicKey,
            code: 'mine',
            leaderWallet: Keypair.generate().publicKey,
          });
          return send(s, [ix], [attacker]);
        },
      ],
      [
        'registration at an address that is not the code’s PDA',
        'InvalidLeaderRecord',
        (s) => {
          const ix = buildRegisterLeaderInstruction({
            ...seller(s),
            code: 'abc',
            leaderWallet: Keypair.generate().publicKey,
          });
          const [other] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'abd');
          return send(s, [withAccount(ix, 2, { pubkey: other })], [s.fixture.seller]);
        },
      ],
      [
        'a self-referral (buyer = leader wallet)',
        'SelfReferral',
        (s) => {
          const { leader, record } = registerLeader(s);
          const funder = createFundedKeypair(s.svm, 20n);
          const fund = SystemProgram.transfer({
            fromPubkey: funder.publicKey,
            toPubkey: leader.publicKey,
            lamports: 10n * SOL,
          });
          expect(send(s, [fund], [funder]).error).toBe('');
          return buy(s, leader, SOL, { leaderRecord: record });
        },
      ],
      [
        'a leader record of another presale',
        'InvalidLeaderRecord',
        (s) => {
          const other = createPresale(version);
          const { record } = registerLeader(other);
          copyAccount(other, s, record, record, s.fixture.programId);
          return buy(s, createFundedKeypair(s.svm, 5n), SOL, { leaderRecord: record });
        },
      ],
      [
        'a forged leader record (right bytes, owned by the buyer’s program)',
        'InvalidLeaderRecord',
        (s) => {
          const { record } = registerLeader(s);
          const forged = Keypair.generate().publicKey;
          copyAccount(s, s, record, forged, Keypair.generate().publicKey);
          return buy(s, createFundedKeypair(s.svm, 5n), SOL, { leaderRecord: forged });
        },
      ],
      [
        'the buyer record passed as the leader record (type confusion)',
        'InvalidLeaderRecord',
        (s) => {
          const buyer = createFundedKeypair(s.svm, 5n);
          expect(buy(s, buyer, SOL).error).toBe('');
          const other = createFundedKeypair(s.svm, 5n);
          expect(buy(s, other, SOL).error).toBe('');
          const [otherRecord] = findBuyerRecordAddress(
            s.fixture.programId,
            s.fixture.presale,
            other.publicKey,
          );
          return buy(s, buyer, SOL, { leaderRecord: otherRecord });
        },
      ],
      [
        'a claim by a wallet that is not the leader',
        'NotLeader',
        (s) => {
          const { record } = registerLeader(s);
          expect(buy(s, createFundedKeypair(s.svm, 5n), SOL, { leaderRecord: record }).error).toBe(
            '',
          );
          return claim(s, createFundedKeypair(s.svm, 1n), record);
        },
      ],
      [
        'a claim with nothing above rent',
        'NothingToClaim',
        (s) => {
          const { leader, record } = registerLeader(s);
          return claim(s, leader, record);
        },
      ],
      [
        'a claim on a record that is not a leader record',
        'InvalidLeaderRecord',
        (s) => {
          const leader = createFundedKeypair(s.svm, 1n);
          return claim(s, leader, s.fixture.presale);
        },
      ],
      [
        'a claim the leader did not sign',
        'MissingSigner',
        (s) => {
          const { leader, record } = registerLeader(s);
          const ix = buildClaimCommissionInstruction({
            programId: s.fixture.programId,
            leaderWallet: leader.publicKey,
            leaderRecord: record,
          });
          const payer = createFundedKeypair(s.svm, 1n);
          return send(s, [withAccount(ix, 0, { isSigner: false })], [payer]);
        },
      ],
      [
        'suspension by someone other than the seller',
        'NotSeller',
        (s) => {
          registerLeader(s);
          const attacker = createFundedKeypair(s.svm, 1n);
          return send(
            s,
            [
              buildSetLeaderActiveInstruction({
                ...seller(s),
                seller: attacker.publicKey,
                code: 'beast42',
                active: false,
              }),
            ],
            [attacker],
          );
        },
      ],
      [
        'suspension of another presale’s code',
        'InvalidLeaderRecord',
        (s) => {
          const other = createPresale(version);
          const { record } = registerLeader(other);
          copyAccount(other, s, record, record, s.fixture.programId);
          const ix = buildSetLeaderActiveInstruction({
            ...seller(s),
            code: 'beast42',
            active: false,
          });
          return send(s, [withAccount(ix, 2, { pubkey: record })], [s.fixture.seller]);
        },
      ],
    ];
    it.each(cases)('%s with %s', (_name, expected, run) => {
      const s = createPresale(version);
      expectRejected(run(s), expected as Parameters<typeof expectRejected>[1]);
    });
  });
});

function registerRaw(s: Scenario, code: string): TransactionOutcome {
  const valid = buildRegisterLeaderInstruction({
    ...seller(s),
    code: 'placeholder',
    leaderWallet: Keypair.generate().publicKey,
  });
  const bytes = new TextEncoder().encode(code);
  const data = Buffer.concat([Buffer.from([6, bytes.length]), Buffer.from(bytes)]);
  return send(s, [new TransactionInstruction({ ...valid, data })], [s.fixture.seller]);
}

/**
 * RegisterLeader for `code` at the code's own PDA, built without the client's validation (as a
 * hostile client would): only the program's rule can refuse it.
 */
function registerAtCodeAddress(s: Scenario, code: string): TransactionOutcome {
  const bytes = new TextEncoder().encode(code);
  const [record] = PublicKey.findProgramAddressSync(
    [new TextEncoder().encode('leader'), s.fixture.presale.toBytes(), bytes],
    s.fixture.programId,
  );
  const valid = buildRegisterLeaderInstruction({
    ...seller(s),
    code: 'placeholder',
    leaderWallet: Keypair.generate().publicKey,
  });
  const data = Buffer.concat([Buffer.from([6, bytes.length]), Buffer.from(bytes)]);
  const ix = new TransactionInstruction({ ...valid, data });
  return send(s, [withAccount(ix, 2, { pubkey: record })], [s.fixture.seller]);
}

/** Copies account `from` of chain `a` to `to` on chain `b`, owned by `owner` (crafted state). */
function copyAccount(
  a: Scenario,
  b: Scenario,
  from: PublicKey,
  to: PublicKey,
  owner: PublicKey,
): void {
  const copy = readSvmAccount(a.svm, from);
  if (!copy) throw new Error(`no account ${from.toBase58()}`);
  writeSvmAccount(b.svm, to, { data: copy.data, owner, lamports: copy.lamports });
}
