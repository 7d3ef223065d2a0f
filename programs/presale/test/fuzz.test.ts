import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { TransactionInstruction, type Keypair, type PublicKey } from '@solana/web3.js';
import { address, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, decodeBuyerRecord, LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  encodeBuyInstructionData,
  decodeBuyerRecordAccount,
  decodePresaleAccount,
  findBuyerRecordAddress,
  type PresaleErrorName,
} from '@fbt/presale-client';
import { readSvmAccount, readSvmBalance, readSvmTokenAmount } from './support/index';
import { createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

const SOL = LAMPORTS_PER_SOL;
const FEE = 5_000n;
const SEED = 0x5eed_fb7;
const OPERATIONS = 1_000;
const BUYERS = 24;

/** mulberry32: small, seeded, reproducible. */
function createRandom(seed: number): {
  next(): number;
  int(max: number): number;
  bigint(min: bigint, max: bigint): bigint;
} {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    bigint: (min, max) =>
      max <= min
        ? min
        : min + (BigInt(Math.floor(next() * 2 ** 32)) * (max - min + 1n)) / 2n ** 32n,
  };
}

interface Model {
  active: boolean;
  min: bigint;
  maxUser: bigint;
  maxTotal: bigint;
  sold: bigint;
  spent: Map<string, bigint>;
  tokensOut: bigint;
}

/** The outcome the rules predict, in the program's check order. */
function predict(model: Model, buyer: string, amount: bigint): PresaleErrorName | 'ok' {
  if (!model.active) return 'PresaleInactive';
  if (amount === 0n) return 'ZeroAmount';
  if (model.sold + model.min > model.maxTotal) return 'SoldOut';
  if (amount < model.min) return 'BelowMinimum';
  if (amount > model.maxTotal - model.sold) return 'ExceedsTotalMaximum';
  if ((model.spent.get(buyer) ?? 0n) + amount > model.maxUser) return 'ExceedsUserMaximum';
  return 'ok';
}

describe.each(SBPF_VERSIONS)('invariant fuzz (sBPF %s, seed 0x5eedfb7)', (version) => {
  it(
    `keeps records, totals, SOL and FBT consistent over ${OPERATIONS} random operations`,
    { timeout: 300_000 },
    () => {
      const random = createRandom(SEED);
      const limits = {
        minUserBuyable: SOL / 100n,
        maxUserBuyable: 3n * SOL,
        maxTotalBuyable: 30n * SOL,
      };
      const chain = createPresale(version, { limits });
      const { svm, fixture } = chain;
      const { programId, presale, seller } = fixture;
      const model: Model = {
        active: true,
        min: limits.minUserBuyable,
        maxUser: limits.maxUserBuyable,
        maxTotal: limits.maxTotalBuyable,
        sold: 0n,
        spent: new Map(),
        tokensOut: 0n,
      };
      const buyers: Keypair[] = Array.from({ length: BUYERS }, () =>
        createFundedKeypair(svm, 10_000n),
      );
      const atas = new Map<string, PublicKey>(
        buyers.map((b) => [
          b.publicKey.toBase58(),
          getAssociatedTokenAddressSync(fixture.mint, b.publicKey),
        ]),
      );
      const records = new Map<string, PublicKey>(
        buyers.map((b) => [
          b.publicKey.toBase58(),
          findBuyerRecordAddress(programId, presale, b.publicKey)[0],
        ]),
      );
      const sellerStart = readSvmBalance(svm, seller.publicKey);
      const vaultStart = readSvmTokenAmount(svm, fixture.tempTokenAccount) ?? 0n;
      let sellerFees = 0n;
      const tally = { ok: 0, rejected: 0, seller: 0 };
      const templates = new Map<string, TransactionInstruction>();
      const rejectedKinds = new Set<string>();

      // Addresses converted once: the check below runs after every operation.
      const kit = (key: PublicKey): Address => address(key.toBase58());
      const watched = buyers.map((b) => {
        const key = b.publicKey.toBase58();
        return {
          key,
          record: kit(records.get(key) as PublicKey),
          ata: kit(atas.get(key) as PublicKey),
        };
      });
      const presaleAddress = kit(presale);
      const vaultAddress = kit(fixture.tempTokenAccount);
      const sellerAddress = kit(seller.publicKey);
      const u64At = (data: Uint8Array, offset: number): bigint =>
        new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
      const dataOf = (at: Address): Uint8Array | null => {
        const account = svm.getAccount(at);
        return account.exists ? account.data : null;
      };

      const checkInvariants = (step: number): void => {
        const state = decodePresaleAccount(dataOf(presaleAddress) ?? new Uint8Array());
        let recordSum = 0n;
        let tokenSum = 0n;
        for (const { key, record, ata } of watched) {
          const recordData = dataOf(record);
          const spent = recordData ? decodeBuyerRecord(recordData).fbtBuyedAmount : 0n;
          if (spent > state.maxUserBuyable || spent !== (model.spent.get(key) ?? 0n)) {
            expect({ step, key, spent }).toEqual({ step, key, spent: model.spent.get(key) ?? 0n });
            expect(spent, `step ${step}: buyer over max`).toBeLessThanOrEqual(state.maxUserBuyable);
          }
          recordSum += spent;
          const ataData = dataOf(ata);
          tokenSum += ataData ? u64At(ataData, 64) : 0n;
        }
        const sellerReceived = (svm.getBalance(sellerAddress) ?? 0n) - sellerStart + sellerFees;
        const vaultOut = vaultStart - u64At(dataOf(vaultAddress) ?? new Uint8Array(72), 64);
        const observed = {
          step,
          recordSum,
          sold: state.currentTotalSold,
          sellerReceived,
          tokenSum,
          tokensSold: state.tokensSold,
          vaultOut,
        };
        const sold = model.sold;
        const out = model.tokensOut;
        if (
          recordSum !== sold ||
          state.currentTotalSold !== sold ||
          sellerReceived !== sold ||
          tokenSum !== out ||
          state.tokensSold !== out ||
          vaultOut !== out
        ) {
          expect(observed).toEqual({
            step,
            recordSum: sold,
            sold,
            sellerReceived: sold,
            tokenSum: out,
            tokensSold: out,
            vaultOut: out,
          });
        }
        if (state.currentTotalSold > state.maxTotalBuyable) {
          expect(state.currentTotalSold, `step ${step}: total over max`).toBeLessThanOrEqual(
            state.maxTotalBuyable,
          );
        }
      };

      for (let step = 0; step < OPERATIONS; step += 1) {
        const roll = random.next();
        if (roll < 0.02) {
          // seller pauses / resumes
          const active = !model.active;
          expect(
            send(
              chain,
              [buildSetActiveInstruction({ programId, seller: seller.publicKey, presale, active })],
              [seller],
            ).error,
          ).toBe('');
          model.active = active;
          sellerFees += FEE;
          tally.seller += 1;
        } else if (roll < 0.035) {
          // seller raises the caps (never below what is sold)
          const maxTotal = model.maxTotal + random.bigint(0n, 5n * SOL);
          const maxUser = model.maxUser + random.bigint(0n, SOL);
          const min = random.bigint(SOL / 1000n, SOL / 10n);
          expect(
            send(
              chain,
              [
                buildUpdateLimitsInstruction({
                  programId,
                  seller: seller.publicKey,
                  presale,
                  minUserBuyable: min,
                  maxUserBuyable: maxUser,
                  maxTotalBuyable: maxTotal,
                }),
              ],
              [seller],
            ).error,
          ).toBe('');
          Object.assign(model, { min, maxUser, maxTotal });
          sellerFees += FEE;
          tally.seller += 1;
        } else {
          const buyer = buyers[random.int(buyers.length)] as Keypair;
          const key = buyer.publicKey.toBase58();
          const spent = model.spent.get(key) ?? 0n;
          const shape = random.next();
          const amount =
            shape < 0.03
              ? 0n
              : shape < 0.12
                ? random.bigint(1n, model.min)
                : shape < 0.2
                  ? model.maxUser - spent + random.bigint(0n, SOL)
                  : shape < 0.25
                    ? model.maxTotal - model.sold
                    : random.bigint(model.min, SOL / 2n);
          const expected = predict(model, key, amount);
          const params = fixture.buyParams(buyer.publicKey, amount);
          // PDA derivation dominates client-side cost: derive each buyer's accounts once.
          let template = templates.get(key);
          if (!template) {
            template = buildBuyInstruction(params);
            templates.set(key, template);
          }
          const instructions = readSvmAccount(svm, atas.get(key) as PublicKey)
            ? [
                new TransactionInstruction({
                  programId,
                  keys: template.keys,
                  data: encodeBuyInstructionData(amount),
                }),
              ]
            : buildBuyInstructions({ ...params, createBuyerTokenAccount: true });
          const outcome = send(chain, instructions, [buyer]);
          if (expected === 'ok') {
            expect(outcome.error, `step ${step}: buy of ${amount} should succeed`).toBe('');
            model.spent.set(key, spent + amount);
            model.sold += amount;
            model.tokensOut += computeTokenAmount(amount, fixture.tokenPrice, fixture.decimals);
            tally.ok += 1;
          } else {
            expect(outcome.presaleError?.name, `step ${step}: buy of ${amount}`).toBe(expected);
            tally.rejected += 1;
            rejectedKinds.add(expected);
          }
        }
        checkInvariants(step);
      }
      for (const buyer of buyers) {
        const account = readSvmAccount(svm, records.get(buyer.publicKey.toBase58()) as PublicKey);
        if (!account) continue;
        const record = decodeBuyerRecordAccount(account.data);
        expect(record.tokensReceived).toBe(
          readSvmTokenAmount(svm, atas.get(record.buyer) as PublicKey),
        );
        expect(record.presale).toBe(presale.toBase58());
      }
      // The run must exercise both outcomes to mean anything.
      expect(tally.ok).toBeGreaterThan(200);
      expect(tally.rejected).toBeGreaterThan(200);
      expect([...rejectedKinds].sort()).toEqual([
        'BelowMinimum',
        'ExceedsTotalMaximum',
        'ExceedsUserMaximum',
        'PresaleInactive',
        'SoldOut',
        'ZeroAmount',
      ]);
    },
  );
});
