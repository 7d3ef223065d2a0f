/**
 * The sale's rules on chain: the sale window (Clock sysvar, exact-second edges), the private
 * round's allowlist (Merkle proofs up to depth 20) and the two-step seller rotation, each with
 * the attacks it must refuse.
 */
import { Keypair, TransactionInstruction, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  allowlistNode,
  buildAcceptSellerInstruction,
  buildAllowlistTree,
  buildProposeSellerInstruction,
  buildSetActiveInstruction,
  buildSetAllowlistInstruction,
  buildSetWindowInstruction,
  decodePresaleAccount,
  type PresaleErrorName,
} from '@fbt/presale-client';
import { readSvmAccount, readSvmBalance, type TransactionOutcome } from './support/index';
import { expectRejected, prepareBuyer, SOL, type Scenario } from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

const sellerOf = (s: Scenario, seller: PublicKey = s.fixture.seller.publicKey) => ({
  programId: s.fixture.programId,
  seller,
  presale: s.fixture.presale,
});
const stateOf = (s: Scenario) =>
  decodePresaleAccount(readSvmAccount(s.svm, s.fixture.presale)?.data ?? new Uint8Array());

function setTime(s: Scenario, unix: bigint): void {
  const clock = s.svm.getClock();
  clock.unixTimestamp = unix;
  s.svm.setClock(clock);
}

const setWindow = (s: Scenario, start: bigint, end: bigint): TransactionOutcome =>
  send(s, [buildSetWindowInstruction({ ...sellerOf(s), start, end })], [s.fixture.seller]);

const setRoot = (s: Scenario, root: Uint8Array | null): TransactionOutcome =>
  send(s, [buildSetAllowlistInstruction({ ...sellerOf(s), root })], [s.fixture.seller]);

/** A fixed-size list of random wallets plus `extra`. */
const wallets = (count: number, ...extra: PublicKey[]): PublicKey[] => [
  ...Array.from({ length: count }, () => Keypair.generate().publicKey),
  ...extra,
];

describe.each(SBPF_VERSIONS)('sale rules (sBPF %s)', (version) => {
  describe('sale window', () => {
    it('opens at the exact start second and closes at the exact end second', () => {
      const s = createPresale(version);
      const buyer = createFundedKeypair(s.svm, 50n);
      const start = 1_800_000_000n;
      setTime(s, start - 1n);
      expect(setWindow(s, start, start + 100n).error).toBe('');
      expect(stateOf(s)).toMatchObject({ saleStart: start, saleEnd: start + 100n });
      expectRejected(buy(s, buyer, SOL), 'SaleNotStarted');
      setTime(s, start);
      expect(buy(s, buyer, SOL).error).toBe('');
      setTime(s, start + 99n);
      expect(buy(s, buyer, SOL + 1n).error).toBe('');
      setTime(s, start + 100n);
      expectRejected(buy(s, buyer, SOL + 2n), 'SaleEnded');
      expect(setWindow(s, 0n, 0n).error).toBe(''); // 0 = no bound: open again
      expect(buy(s, buyer, SOL + 3n).error).toBe('');
    });

    it('takes one bound alone: a start with no end, an end with no start', () => {
      const s = createPresale(version);
      const buyer = createFundedKeypair(s.svm, 50n);
      setTime(s, 1_000n);
      expect(setWindow(s, 1_001n, 0n).error).toBe('');
      expectRejected(buy(s, buyer, SOL), 'SaleNotStarted');
      expect(setWindow(s, 0n, 1_000n).error).toBe('');
      expectRejected(buy(s, buyer, SOL), 'SaleEnded');
      expect(setWindow(s, 0n, 1_001n).error).toBe('');
      expect(buy(s, buyer, SOL).error).toBe('');
    });

    it.each([
      ['a start after its end', 10n, 9n],
      ['a start equal to its end', 10n, 10n],
    ])('refuses %s with InvalidWindow', (_name, start, end) => {
      const s = createPresale(version);
      const ix = buildSetWindowInstruction({ ...sellerOf(s), start: 1n, end: 2n });
      const data = Buffer.from(ix.data);
      data.writeBigInt64LE(start, 1);
      data.writeBigInt64LE(end, 9);
      const sent = send(s, [new TransactionInstruction({ ...ix, data })], [s.fixture.seller]);
      expectRejected(sent, 'InvalidWindow');
    });

    it('refuses a negative time with InvalidWindow and a window set by another wallet with NotSeller', () => {
      const s = createPresale(version);
      const ix = buildSetWindowInstruction({ ...sellerOf(s), start: 1n, end: 2n });
      const data = Buffer.from(ix.data);
      data.writeBigInt64LE(-5n, 1);
      expectRejected(
        send(s, [new TransactionInstruction({ ...ix, data })], [s.fixture.seller]),
        'InvalidWindow',
      );
      const attacker = createFundedKeypair(s.svm, 1n);
      const hijack = buildSetWindowInstruction({
        ...sellerOf(s, attacker.publicKey),
        start: 0n,
        end: 1n,
      });
      expectRejected(send(s, [hijack], [attacker]), 'NotSeller');
    });
  });

  describe('allowlist', () => {
    it('lets a listed wallet buy with its proof (depth up to 20) and refuses everyone else', () => {
      const s = createPresale(version);
      const listed = createFundedKeypair(s.svm, 50n);
      const stranger = createFundedKeypair(s.svm, 50n);
      // 1,024 leaves: a full tree, so every proof is exactly 10 hashes wherever the listed
      // wallet's leaf sorts (with an odd level on its path it would be shorter).
      const tree = buildAllowlistTree(s.fixture.presale, wallets(1023, listed.publicKey));
      expect(setRoot(s, tree.root).error).toBe('');
      expect(stateOf(s)).toMatchObject({ hasAllowlist: true, allowlistRoot: tree.rootHex });
      const proof = tree.proofFor(listed.publicKey);
      expect(proof.length).toBe(10);
      expect(buy(s, listed, SOL, { allowlistProof: proof }).error).toBe('');
      const cases: readonly [string, TransactionOutcome][] = [
        ['no proof', buy(s, listed, SOL + 1n)],
        [
          'a stranger with the listed wallet’s proof (replayed)',
          buy(s, stranger, SOL, { allowlistProof: proof }),
        ],
        ['a truncated proof', buy(s, listed, SOL + 2n, { allowlistProof: proof.slice(1) })],
        [
          'a tampered proof',
          buy(s, listed, SOL + 3n, {
            allowlistProof: proof.map((h, i) => (i === 3 ? h.map((b) => b ^ 1) : h)),
          }),
        ],
      ];
      for (const [name, outcome] of cases) {
        expect(outcome.presaleError?.name, name).toBe('NotAllowlisted');
      }
      expectRejected(buy(s, stranger, SOL), 'NotAllowlisted'); // Buy (tag 1) carries no proof
      expect(setRoot(s, null).error).toBe(''); // zero root: open sale
      expect(buy(s, stranger, SOL).error).toBe('');
    });

    it('accepts a depth-20 proof (a million wallets) in the shape the program reads', () => {
      const s = createPresale(version);
      const listed = createFundedKeypair(s.svm, 50n);
      // A depth-20 path: the wallet's leaf climbs through 20 arbitrary siblings to the root.
      const tree = buildAllowlistTree(s.fixture.presale, [listed.publicKey]);
      const siblings = Array.from({ length: 20 }, (_, i) => new Uint8Array(32).fill(i + 1));
      const root = siblings.reduce(allowlistNode, tree.root);
      expect(setRoot(s, root).error).toBe('');
      expect(buy(s, listed, SOL, { allowlistProof: siblings }).error).toBe('');
    });

    it('refuses a proof made for another presale with the same wallet list', () => {
      const s = createPresale(version);
      const other = createPresale(version);
      const listed = createFundedKeypair(s.svm, 50n);
      const list = wallets(50, listed.publicKey);
      const mine = buildAllowlistTree(s.fixture.presale, list);
      const theirs = buildAllowlistTree(other.fixture.presale, list);
      expect(setRoot(s, mine.root).error).toBe('');
      expectRejected(
        buy(s, listed, SOL, { allowlistProof: theirs.proofFor(listed.publicKey) }),
        'NotAllowlisted',
      );
    });

    it('refuses a proof longer than 20 hashes as malformed, and a root set by another wallet', () => {
      const s = createPresale(version);
      const { buyer, ix } = prepareBuyer(s);
      const data = Buffer.concat([
        Buffer.from([5]),
        ix.data.subarray(1, 9),
        Buffer.from([255, 21]),
        Buffer.alloc(21 * 32),
      ]);
      expectRejected(
        send(s, [new TransactionInstruction({ ...ix, data })], [buyer]),
        'InvalidInstruction',
      );
      const attacker = createFundedKeypair(s.svm, 1n);
      expectRejected(
        send(
          s,
          [buildSetAllowlistInstruction({ ...sellerOf(s, attacker.publicKey), root: null })],
          [attacker],
        ),
        'NotSeller',
      );
    });
  });

  describe('seller rotation', () => {
    it('moves the sale to the accepted seller; proceeds and admin rights follow', () => {
      const s = createPresale(version);
      const next = createFundedKeypair(s.svm, 1n);
      const propose = buildProposeSellerInstruction({ ...sellerOf(s), newSeller: next.publicKey });
      expect(send(s, [propose], [s.fixture.seller]).error).toBe('');
      expect(stateOf(s).pendingSeller).toBe(next.publicKey.toBase58());
      // Until accepted, the old seller still sells.
      const buyer = createFundedKeypair(s.svm, 50n);
      expect(buy(s, buyer, SOL).error).toBe('');
      const accept = buildAcceptSellerInstruction({
        programId: s.fixture.programId,
        newSeller: next.publicKey,
        presale: s.fixture.presale,
      });
      expect(send(s, [accept], [next]).error).toBe('');
      expect(stateOf(s)).toMatchObject({
        sellerPubkey: next.publicKey.toBase58(),
        pendingSeller: null,
      });
      const before = readSvmBalance(s.svm, next.publicKey);
      expect(buy(s, buyer, SOL + 1n, { seller: next.publicKey }).error).toBe('');
      expect(readSvmBalance(s.svm, next.publicKey) - before).toBe(SOL + 1n);
      expectRejected(buy(s, buyer, SOL + 2n), 'NotSeller'); // paying the old seller is refused
      const pause = (signer: Keypair): TransactionOutcome =>
        send(
          s,
          [buildSetActiveInstruction({ ...sellerOf(s, signer.publicKey), active: false })],
          [signer],
        );
      expectRejected(pause(s.fixture.seller), 'NotSeller');
      expect(pause(next).error).toBe('');
    });

    const hijacks: readonly [string, PresaleErrorName, (s: Scenario) => TransactionOutcome][] = [
      [
        'a proposal by someone other than the seller',
        'NotSeller',
        (s) => {
          const attacker = createFundedKeypair(s.svm, 1n);
          return send(
            s,
            [
              buildProposeSellerInstruction({
                ...sellerOf(s, attacker.publicKey),
                newSeller: attacker.publicKey,
              }),
            ],
            [attacker],
          );
        },
      ],
      [
        'an accept with no proposal',
        'NotPendingSeller',
        (s) => acceptBy(s, createFundedKeypair(s.svm, 1n)),
      ],
      [
        'an accept by a wallet that was not proposed',
        'NotPendingSeller',
        (s) => {
          propose(s, Keypair.generate().publicKey);
          return acceptBy(s, createFundedKeypair(s.svm, 1n));
        },
      ],
      [
        'an accept after the proposal was withdrawn',
        'NotPendingSeller',
        (s) => {
          const next = createFundedKeypair(s.svm, 1n);
          propose(s, next.publicKey);
          propose(s, null);
          return acceptBy(s, next);
        },
      ],
      [
        'an accept the proposed seller did not sign',
        'MissingSigner',
        (s) => {
          const next = createFundedKeypair(s.svm, 1n);
          propose(s, next.publicKey);
          const ix = buildAcceptSellerInstruction({
            programId: s.fixture.programId,
            newSeller: next.publicKey,
            presale: s.fixture.presale,
          });
          const payer = createFundedKeypair(s.svm, 1n);
          return send(
            s,
            [
              new TransactionInstruction({
                ...ix,
                keys: ix.keys.map((k, i) => (i === 0 ? { ...k, isSigner: false } : k)),
              }),
            ],
            [payer],
          );
        },
      ],
    ];
    it.each(hijacks)('refuses %s with %s', (_name, expected, run) => {
      expectRejected(run(createPresale(version)), expected);
    });
  });
});

function propose(s: Scenario, next: PublicKey | null): void {
  const ix = buildProposeSellerInstruction({ ...sellerOf(s), newSeller: next });
  expect(send(s, [ix], [s.fixture.seller]).error).toBe('');
}

function acceptBy(s: Scenario, signer: Keypair): TransactionOutcome {
  const ix = buildAcceptSellerInstruction({
    programId: s.fixture.programId,
    newSeller: signer.publicKey,
    presale: s.fixture.presale,
  });
  return send(s, [ix], [signer]);
}
