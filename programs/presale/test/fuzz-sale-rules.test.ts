/**
 * Invariant fuzz of the v2 rules: random plain and leader buys (some self-referrals, some on
 * suspended codes), claims by leaders and by strangers, code suspensions, sale-window moves
 * around the chain's clock, allowlist on/off and seller rotations. After every operation:
 * lamports are conserved (everything buyers paid = what sellers received + what leader records
 * hold above rent + what leaders claimed), every leader record matches the model, and FBT out
 * of the vault = FBT in buyers' accounts = the presale's tokensSold.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildAcceptSellerInstruction,
  buildAllowlistTree,
  buildBuyInstructions,
  buildClaimCommissionInstruction,
  buildProposeSellerInstruction,
  buildRegisterLeaderInstruction,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  decodeLeaderRecordAccount,
  decodePresaleAccount,
  findLeaderRecordAddress,
  LEADER_RECORD_ACCOUNT_SIZE,
  type PresaleErrorName,
} from '@fbt/presale-client';
import { readSvmAccount, readSvmBalance, readSvmTokenAmount } from './support/index';
import { createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

const SOL = LAMPORTS_PER_SOL;
const FEE = 5_000n;
const OPERATIONS = 400;

function createRandom(seed: number): { next(): number; int(max: number): number } {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (max) => Math.floor(next() * max) };
}

interface LeaderModel {
  readonly wallet: Keypair;
  readonly record: PublicKey;
  active: boolean;
  volume: bigint;
  buys: bigint;
  accrued: bigint;
  claimed: bigint;
  /** Lamports the wallet received from claims, minus the fees it paid for them. */
  walletNet: bigint;
}

describe.each(SBPF_VERSIONS)(
  'invariant fuzz of leaders and sale rules (sBPF %s, seed 0x1eade5)',
  (version) => {
    it(
      `conserves lamports and tokens over ${OPERATIONS} random buys, claims and admin operations`,
      { timeout: 300_000 },
      () => {
        const random = createRandom(0x1eade5);
        const limits = {
          minUserBuyable: SOL / 100n,
          maxUserBuyable: 1_000n * SOL,
          maxTotalBuyable: 100_000n * SOL,
        };
        const chain = createPresale(version, { limits });
        const { svm, fixture } = chain;
        const { programId, presale } = fixture;
        const sellers: Keypair[] = [
          fixture.seller,
          createFundedKeypair(svm, 10n),
          createFundedKeypair(svm, 10n),
        ];
        let sellerStart: bigint[] = [];
        const sellerFees = sellers.map(() => 0n);
        let current = 0;
        const admin = () => ({ programId, seller: sellers[current]!.publicKey, presale });
        const adminSend = (ix: Parameters<typeof send>[1][number]) => {
          const outcome = send(chain, [ix], [sellers[current]!]);
          expect(outcome.error).toBe('');
          sellerFees[current]! += FEE;
        };
        const rent = svm.minimumBalanceForRentExemption(BigInt(LEADER_RECORD_ACCOUNT_SIZE));
        const buyers = Array.from({ length: 12 }, () => createFundedKeypair(svm, 500n));
        const leaders: LeaderModel[] = ['alpha', 'bee', 'c-3', 'D_4'].map((code, i) => {
          // Two leaders are also buyers, so self-referrals happen.
          const wallet = i < 2 ? (buyers[i] as Keypair) : createFundedKeypair(svm, 1n);
          adminSend(
            buildRegisterLeaderInstruction({ ...admin(), code, leaderWallet: wallet.publicKey }),
          );
          const [record] = findLeaderRecordAddress(programId, presale, code);
          return {
            wallet,
            record,
            active: true,
            volume: 0n,
            buys: 0n,
            accrued: 0n,
            claimed: 0n,
            walletNet: 0n,
          };
        });
        const codes = ['alpha', 'bee', 'c-3', 'D_4'];
        const walletStart = leaders.map((l) => readSvmBalance(svm, l.wallet.publicKey));
        // Balances from here on: the registrations' rent and fees are not purchase money.
        sellerStart = sellers.map((k) => readSvmBalance(svm, k.publicKey));
        sellerFees.fill(0n);
        const tree = buildAllowlistTree(
          presale,
          buyers.slice(0, 6).map((b) => b.publicKey),
        );
        const vaultStart = readSvmTokenAmount(svm, fixture.tempTokenAccount) ?? 0n;
        const clock = svm.getClock();
        clock.unixTimestamp = 1_800_000_000n; // litesvm starts at 0
        svm.setClock(clock);
        const now = clock.unixTimestamp;
        const model = {
          sold: 0n,
          tokens: 0n,
          window: 'open' as 'open' | 'future' | 'past',
          allowlist: false,
        };
        const seen = new Set<string>();

        const check = (step: number): void => {
          const state = decodePresaleAccount(
            readSvmAccount(svm, presale)?.data ?? new Uint8Array(),
          );
          let leaderHeld = 0n;
          let leaderClaimed = 0n;
          leaders.forEach((l, i) => {
            const account = readSvmAccount(svm, l.record);
            const decoded = decodeLeaderRecordAccount(account?.data ?? new Uint8Array());
            expect({
              step,
              v: decoded.volumeLamports,
              b: decoded.buys,
              a: decoded.solsEarned,
              c: decoded.solsClaimed,
              on: decoded.active,
            }).toEqual({ step, v: l.volume, b: l.buys, a: l.accrued, c: l.claimed, on: l.active });
            expect((account?.lamports ?? 0n) - rent).toBe(l.accrued - l.claimed);
            leaderHeld += (account?.lamports ?? 0n) - rent;
            leaderClaimed += l.claimed;
            const walletDelta = readSvmBalance(svm, l.wallet.publicKey) - (walletStart[i] ?? 0n);
            if (i >= 2) expect(walletDelta).toBe(l.walletNet);
          });
          const sellersReceived = sellers.reduce(
            (sum, k, i) =>
              sum +
              readSvmBalance(svm, k.publicKey) -
              (sellerStart[i] ?? 0n) +
              (sellerFees[i] ?? 0n),
            0n,
          );
          expect({ step, paid: sellersReceived + leaderHeld + leaderClaimed }).toEqual({
            step,
            paid: model.sold,
          });
          expect(state.currentTotalSold).toBe(model.sold);
          expect(state.leaderCommission).toBe(leaders.reduce((sum, l) => sum + l.accrued, 0n));
          const tokensHeld = buyers.reduce(
            (sum, b) =>
              sum +
              (readSvmTokenAmount(svm, getAssociatedTokenAddressSync(fixture.mint, b.publicKey)) ??
                0n),
            0n,
          );
          const vaultOut = vaultStart - (readSvmTokenAmount(svm, fixture.tempTokenAccount) ?? 0n);
          expect({ step, tokensHeld, vaultOut, sold: state.tokensSold }).toEqual({
            step,
            tokensHeld: model.tokens,
            vaultOut: model.tokens,
            sold: model.tokens,
          });
        };

        for (let step = 0; step < OPERATIONS; step += 1) {
          const roll = random.next();
          if (roll < 0.04) {
            const i = random.int(leaders.length);
            const leader = leaders[i] as LeaderModel;
            leader.active = !leader.active;
            adminSend(
              buildSetLeaderActiveInstruction({
                ...admin(),
                code: codes[i] as string,
                active: leader.active,
              }),
            );
          } else if (roll < 0.08) {
            model.window = (['open', 'future', 'past'] as const)[random.int(3)] ?? 'open';
            const [start, end] =
              model.window === 'open'
                ? [now - 10n, now + 10n]
                : model.window === 'future'
                  ? [now + 1n, 0n]
                  : [0n, now];
            adminSend(buildSetWindowInstruction({ ...admin(), start, end }));
          } else if (roll < 0.11) {
            model.allowlist = !model.allowlist;
            adminSend(
              buildSetAllowlistInstruction({
                ...admin(),
                root: model.allowlist ? tree.root : null,
              }),
            );
          } else if (roll < 0.12) {
            const next = (current + 1) % sellers.length;
            adminSend(
              buildProposeSellerInstruction({ ...admin(), newSeller: sellers[next]!.publicKey }),
            );
            const accept = buildAcceptSellerInstruction({
              programId,
              newSeller: sellers[next]!.publicKey,
              presale,
            });
            expect(send(chain, [accept], [sellers[next]!]).error).toBe('');
            sellerFees[next]! += FEE;
            current = next;
          } else if (roll < 0.24) {
            const i = random.int(leaders.length);
            const leader = leaders[i] as LeaderModel;
            const stranger = random.next() < 0.25;
            const signer = stranger
              ? (buyers[random.int(buyers.length)] as Keypair)
              : leader.wallet;
            const ix = buildClaimCommissionInstruction({
              programId,
              leaderWallet: signer.publicKey,
              leaderRecord: leader.record,
            });
            const outcome = send(chain, [ix], [signer]);
            const expected: PresaleErrorName | 'ok' = !signer.publicKey.equals(
              leader.wallet.publicKey,
            )
              ? 'NotLeader'
              : leader.accrued === leader.claimed
                ? 'NothingToClaim'
                : 'ok';
            seen.add(expected);
            if (expected === 'ok') {
              expect(outcome.error).toBe('');
              const payout = leader.accrued - leader.claimed;
              leader.claimed = leader.accrued;
              leader.walletNet += payout - FEE;
            } else {
              expect(outcome.presaleError?.name).toBe(expected);
              if (signer === leader.wallet) leader.walletNet -= FEE;
            }
          } else {
            const b = random.int(buyers.length);
            const buyer = buyers[b] as Keypair;
            const viaLeader =
              random.next() < 0.6 ? (leaders[random.int(leaders.length)] as LeaderModel) : null;
            const withProof = random.next() < 0.8;
            const amount = SOL / 100n + BigInt(random.int(2_000_000_000));
            const listed = b < 6;
            const expected: PresaleErrorName | 'ok' =
              model.window === 'future'
                ? 'SaleNotStarted'
                : model.window === 'past'
                  ? 'SaleEnded'
                  : model.allowlist && !(listed && withProof)
                    ? 'NotAllowlisted'
                    : viaLeader && !viaLeader.active
                      ? 'LeaderInactive'
                      : viaLeader && viaLeader.wallet === buyer
                        ? 'SelfReferral'
                        : 'ok';
            const outcome = send(
              chain,
              buildBuyInstructions({
                ...fixture.buyParams(buyer.publicKey, amount),
                seller: sellers[current]!.publicKey,
                createBuyerTokenAccount: true,
                ...(viaLeader ? { leaderRecord: viaLeader.record } : {}),
                ...(listed && withProof ? { allowlistProof: tree.proofFor(buyer.publicKey) } : {}),
              }),
              [buyer],
            );
            seen.add(expected);
            if (expected === 'ok') {
              expect(outcome.error, `step ${step}: ${outcome.logs.join('\n')}`).toBe('');
              model.sold += amount;
              model.tokens += computeTokenAmount(amount, fixture.tokenPrice, fixture.decimals);
              if (viaLeader) {
                viaLeader.volume += amount;
                viaLeader.buys += 1n;
                viaLeader.accrued += amount / 10n;
              }
            } else {
              expect(outcome.presaleError?.name, `step ${step}`).toBe(expected);
            }
          }
          check(step);
        }
        expect([...seen].sort()).toEqual([
          'LeaderInactive',
          'NotAllowlisted',
          'NotLeader',
          'NothingToClaim',
          'SaleEnded',
          'SaleNotStarted',
          'SelfReferral',
          'ok',
        ]);
      },
    );
  },
);
