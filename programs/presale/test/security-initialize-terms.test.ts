/**
 * Initialize's delivery terms: an instant presale with a minimum raise or a vesting, more than
 * 100% at completion, a cliff past the end, a vesting without a duration or a duration with
 * nothing to vest, an unreachable minimum raise, an unknown mode and a truncated tail are all
 * refused. The data is written here byte by byte: the client refuses to build these terms.
 */
import { Keypair, TransactionInstruction } from '@solana/web3.js';
import { expect, it } from 'vitest';
import {
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  decodePresaleAccount,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import {
  createTestMint,
  createTestTokenAccount,
  readSvmAccount,
  type TransactionOutcome,
} from './support/index';
import { describeAttacks, SOL, type Attack, type Scenario } from './support/attack-helpers';
import { createFundedKeypair, createPresale, send } from './support/harness';

/** The 19 bytes of terms: mode, minimum raise, bps, cliff, vesting (little-endian). */
interface RawTerms {
  readonly mode: number;
  readonly minimumRaise: bigint;
  readonly bps: number;
  readonly cliff: number;
  readonly vesting: number;
}

function rawTerms(terms: RawTerms): Uint8Array {
  const bytes = new Uint8Array(19);
  const view = new DataView(bytes.buffer);
  bytes[0] = terms.mode;
  view.setBigUint64(1, terms.minimumRaise, true);
  view.setUint16(9, terms.bps, true);
  view.setUint32(11, terms.cliff, true);
  view.setUint32(15, terms.vesting, true);
  return bytes;
}

const MAX_TOTAL = 100n * SOL;
const MIN_USER = SOL / 10n;
/** The least a sold-out sale has raised (sold + MIN_USER > MAX_TOTAL): the highest minimum raise. */
const HIGHEST_MINIMUM = MAX_TOTAL - MIN_USER + 1n;
const plain: RawTerms = { mode: 1, minimumRaise: 0n, bps: 10_000, cliff: 0, vesting: 0 };

/** CreateAccount + Initialize of a new presale whose data ends with `tail` instead of terms. */
function initializeWithTail(
  s: Scenario,
  tail: Uint8Array,
): TransactionOutcome & { presale: Keypair } {
  const seller = createFundedKeypair(s.svm, 10n);
  const mint = createTestMint(s.svm, seller, 6);
  const temp = createTestTokenAccount(s.svm, {
    payer: seller,
    mint,
    owner: seller.publicKey,
    mintAuthority: seller,
    amount: 10n ** 12n,
  });
  const presale = Keypair.generate();
  const init = buildInitializeInstruction({
    programId: s.fixture.programId,
    seller: seller.publicKey,
    presale: presale.publicKey,
    tempTokenAccount: temp,
    mint,
    tokenPrice: 50_000n,
    minUserBuyable: MIN_USER,
    maxUserBuyable: 10n * SOL,
    maxTotalBuyable: MAX_TOTAL,
  });
  const create = buildCreatePresaleAccountInstruction({
    programId: s.fixture.programId,
    payer: seller.publicKey,
    presale: presale.publicKey,
    lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
  });
  const data = Buffer.concat([init.data, tail]);
  const outcome = send(
    s,
    [create, new TransactionInstruction({ ...init, data })],
    [seller, presale],
  );
  return { ...outcome, presale };
}

const withTerms = (overrides: Partial<RawTerms>) => (s: Scenario) =>
  initializeWithTail(s, rawTerms({ ...plain, ...overrides }));

const attacks: readonly Attack[] = [
  {
    name: 'an instant presale with a minimum raise',
    expected: 'InstantWithTerms',
    run: withTerms({ mode: 0, minimumRaise: SOL }),
  },
  {
    name: 'an instant presale with a vesting',
    expected: 'InstantWithTerms',
    run: withTerms({ mode: 0, bps: 5_000, vesting: 100 }),
  },
  {
    name: 'an instant presale with a cliff',
    expected: 'InstantWithTerms',
    run: withTerms({ mode: 0, cliff: 1 }),
  },
  {
    name: 'more than 100% unlocked at completion',
    expected: 'InvalidVesting',
    run: withTerms({ bps: 10_001, vesting: 100 }),
  },
  {
    name: 'a cliff longer than the vesting',
    expected: 'InvalidVesting',
    run: withTerms({ bps: 0, cliff: 101, vesting: 100 }),
  },
  {
    name: 'a vesting without a duration',
    expected: 'InvalidVesting',
    run: withTerms({ bps: 9_999 }),
  },
  {
    name: 'a duration with 100% unlocked at completion',
    expected: 'InvalidVesting',
    run: withTerms({ vesting: 100 }),
  },
  {
    name: 'a minimum raise above the total maximum',
    expected: 'InvalidMinimumRaise',
    run: withTerms({ minimumRaise: MAX_TOTAL + 1n }),
  },
  {
    name: 'a minimum raise of the whole sale (one buyer could sell it out just short of it)',
    expected: 'InvalidMinimumRaise',
    run: withTerms({ minimumRaise: MAX_TOTAL }),
  },
  {
    name: 'a minimum raise one lamport above what every sold-out sale reaches',
    expected: 'InvalidMinimumRaise',
    run: withTerms({ minimumRaise: HIGHEST_MINIMUM + 1n }),
  },
  {
    name: 'an unknown delivery mode',
    expected: 'InvalidInstruction',
    run: withTerms({ mode: 2 }),
  },
  {
    name: 'terms one byte short',
    expected: 'InvalidInstruction',
    run: (s) => initializeWithTail(s, rawTerms(plain).subarray(0, 18)),
  },
  {
    name: 'terms with a byte too many',
    expected: 'InvalidInstruction',
    run: (s) => initializeWithTail(s, Buffer.concat([rawTerms(plain), Uint8Array.of(0)])),
  },
];

describeAttacks(attacks, (version) => {
  it('accepts the edges: the highest minimum raise a sold-out sale reaches, a cliff as long as the vesting', () => {
    const s = createPresale(version);
    const edges = {
      ...plain,
      minimumRaise: HIGHEST_MINIMUM,
      bps: 0,
      cliff: 2 ** 32 - 1,
      vesting: 2 ** 32 - 1,
    };
    const outcome = initializeWithTail(s, rawTerms(edges));
    expect(outcome.error).toBe('');
    const account = readSvmAccount(s.svm, outcome.presale.publicKey);
    expect(decodePresaleAccount(account?.data ?? new Uint8Array())).toMatchObject({
      deliveryMode: 'at-completion',
      status: 'open',
      minimumRaise: HIGHEST_MINIMUM,
      unlockedAtCompletionBps: 0,
      cliffSeconds: 2 ** 32 - 1,
      vestingSeconds: 2 ** 32 - 1,
    });
    const instant = initializeWithTail(s, rawTerms({ ...plain, mode: 0 }));
    expect(instant.error).toBe('');
    const instantAccount = readSvmAccount(s.svm, instant.presale.publicKey);
    expect(decodePresaleAccount(instantAccount?.data ?? new Uint8Array())).toMatchObject({
      deliveryMode: 'instant',
      unlockedAtCompletionBps: 10_000,
    });
  });
});
