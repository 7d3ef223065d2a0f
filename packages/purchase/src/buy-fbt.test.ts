import type { PresaleState } from '@fbt/domain';
import { TOKEN_PROGRAM_ID, type ShownSaleEnd } from '@fbt/presale-client';
import { Keypair, type PublicKey, type VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buyFbt, type BuyStage } from './buy-fbt';
import type { PurchaseConnection } from './purchase-connection';

const SOL = 1_000_000_000n;

const state: PresaleState = {
  isInitialized: true,
  isActived: true,
  sellerPubkey: Keypair.generate().publicKey.toBase58(),
  tempTokenAccountPubkey: Keypair.generate().publicKey.toBase58(),
  tokenPrice: 50_000n,
  maxUserBuyable: 10n * SOL,
  minUserBuyable: SOL / 10n,
  maxTotalBuyable: 100n * SOL,
  currentTotalSold: 0n,
};

/** A connection that records every call: an amount the rule refuses never reaches the chain. */
function recordingConnection() {
  const calls: string[] = [];
  const connection = new Proxy(
    {},
    {
      get: (_target, method) => () => {
        calls.push(String(method));
        return Promise.reject(new Error(`${String(method)} must not be called`));
      },
    },
  ) as PurchaseConnection;
  return { connection, calls };
}

describe('the amount, checked again on send', () => {
  it.each([
    ['', 0n, 'Amount field is empty'],
    ['abc', 0n, 'Amount must be a number'],
    ['11', 0n, 'Amount too high. Max 10 SOL'],
    ['5', 7_123_456_789n, 'Amount too high. Max 2.87654 SOL'],
    ['0.05', 0n, 'Amount too low. Min 0.1 SOL'],
    ['1', 10n * SOL, 'You already exceed buyable limit'],
  ])(
    '%j after %s lamports stops at validating with %j, before any chain read or signature',
    async (amountInput, boughtLamports, message) => {
      const { connection, calls } = recordingConnection();
      const stages: BuyStage[] = [];
      let signed = false;
      const result = await buyFbt(
        {
          connection,
          signTransaction: (transaction) => {
            signed = true;
            return Promise.resolve(transaction);
          },
          onStage: (stage) => stages.push(stage),
        },
        {
          programId: Keypair.generate().publicKey,
          presale: Keypair.generate().publicKey,
          mint: Keypair.generate().publicKey,
          state,
          buyer: Keypair.generate().publicKey,
          amountInput,
          boughtLamports,
        },
      );
      expect(result).toEqual({ ok: false, stage: 'validating', message });
      expect(stages).toEqual(['validating']);
      expect(calls).toEqual([]);
      expect(signed).toBe(false);
    },
  );
});

/** A chain whose simulation answers `simulationError`; records what was simulated. */
function simulatingConnection(simulationError: unknown) {
  const simulated: VersionedTransaction[] = [];
  const connection = {
    getAccountInfo: () => Promise.resolve(null),
    getLatestBlockhash: () =>
      Promise.resolve({
        blockhash: Keypair.generate().publicKey.toBase58(),
        lastValidBlockHeight: 9,
      }),
    getRecentPrioritizationFees: () => Promise.resolve([]),
    simulateTransaction: (transaction: VersionedTransaction) => {
      simulated.push(transaction);
      return Promise.resolve({
        context: { slot: 1 },
        value: { err: simulationError, logs: [], unitsConsumed: 20_000, accounts: null },
      });
    },
  } as unknown as PurchaseConnection;
  return { connection, simulated };
}

/** The presale instruction's data in a simulated transaction (after compute budget and ATA create). */
function purchaseData(transaction: VersionedTransaction, programId: PublicKey): Uint8Array {
  const { staticAccountKeys, compiledInstructions } = transaction.message;
  const buy = compiledInstructions.find((ix) =>
    staticAccountKeys[ix.programIdIndex]?.equals(programId),
  );
  if (buy === undefined) throw new Error('no purchase instruction');
  return buy.data;
}

describe('the end the buyer was shown', () => {
  const END = 1_800_086_400;
  const purchase = async (shownEnd?: ShownSaleEnd) => {
    const programId = Keypair.generate().publicKey;
    // The program's refusal of a moved end, as the simulation reports it.
    const chain = simulatingConnection({ InstructionError: [3, { Custom: 6090 }] });
    let signed = false;
    const result = await buyFbt(
      {
        connection: chain.connection,
        signTransaction: (transaction) => {
          signed = true;
          return Promise.resolve(transaction);
        },
      },
      {
        programId,
        presale: Keypair.generate().publicKey,
        mint: Keypair.generate().publicKey,
        tokenProgram: TOKEN_PROGRAM_ID,
        state,
        buyer: Keypair.generate().publicKey,
        amountInput: '1',
        boughtLamports: 0n,
        ...(shownEnd === undefined ? {} : { shownEnd }),
      },
    );
    const [simulated] = chain.simulated;
    if (simulated === undefined) throw new Error('nothing simulated');
    return { result, signed, data: purchaseData(simulated, programId) };
  };

  it('bounds an at-completion buy by it; a refusal stops before the wallet with SaleEndMoved', async () => {
    const { result, signed, data } = await purchase({
      deliveryMode: 'at-completion',
      saleEnd: END,
    });
    expect(data).toHaveLength(10 + 8);
    expect(Buffer.from(data).readBigInt64LE(10)).toBe(BigInt(END));
    expect(signed).toBe(false);
    expect(result).toMatchObject({
      ok: false,
      stage: 'simulating',
      programError: { code: 6090, name: 'SaleEndMoved' },
    });
  });

  it('sends no bound for an instant presale, nor when none is given', async () => {
    expect((await purchase({ deliveryMode: 'instant', saleEnd: END })).data).toHaveLength(10);
    expect((await purchase()).data).toHaveLength(10);
  });
});
