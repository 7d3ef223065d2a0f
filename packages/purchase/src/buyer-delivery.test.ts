import {
  ACCOUNT_KIND,
  BUYER_RECORD_ACCOUNT_SIZE,
  BUYER_RECORD_OFFSETS,
  findBuyerRecordAddress,
  PresaleInstruction,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import { ASSOCIATED_TOKEN_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  Keypair,
  type AccountInfo,
  type PublicKey,
  type VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { claimTokens, refundPurchase, type BuyerDeliveryResult } from './buyer-delivery';
import type { ClaimStage } from './claim-commission';
import type { PurchaseConnection } from './purchase-connection';

const SOL = 1_000_000_000n;
const programId = Keypair.generate().publicKey;
const presale = Keypair.generate().publicKey;
const mint = Keypair.generate().publicKey;
const tempTokenAccount = Keypair.generate().publicKey;

/** A buyer record as the program writes it (96 bytes, kind 2). */
function recordBytes(buyer: PublicKey, spent: bigint, bought: bigint, delivered: bigint): Buffer {
  const bytes = Buffer.alloc(BUYER_RECORD_ACCOUNT_SIZE);
  const o = BUYER_RECORD_OFFSETS;
  bytes.writeBigUInt64LE(spent, o.lamportsSpent);
  presale.toBuffer().copy(bytes, o.presale);
  buyer.toBuffer().copy(bytes, o.buyer);
  bytes[o.kind] = ACCOUNT_KIND.buyerRecord;
  bytes[o.version] = 2;
  bytes.writeBigUInt64LE(bought, o.tokensReceived);
  bytes.writeBigUInt64LE(delivered, o.tokensDelivered);
  return bytes;
}

const account = (data: Buffer, owner: PublicKey): AccountInfo<Buffer> => ({
  data,
  owner,
  lamports: 1_000_000,
  executable: false,
  rentEpoch: 0,
});

/**
 * A chain that holds the buyer record (`records`: what each read returns, in turn) and,
 * optionally, the buyer's FBT account; simulates with `simulationError`, confirms what is sent.
 */
function fakeChain(options: {
  buyer: Keypair;
  records: (Buffer | null)[];
  tokenAccount: boolean;
  simulationError?: unknown;
}) {
  const sent: Uint8Array[] = [];
  const simulated: VersionedTransaction[] = [];
  const [record] = findBuyerRecordAddress(programId, presale, options.buyer.publicKey);
  const ata = getAssociatedTokenAddressSync(mint, options.buyer.publicKey);
  const records = [...options.records];
  const connection: PurchaseConnection = {
    getAccountInfo: (address: PublicKey) => {
      if (address.equals(record)) {
        const data = records.length > 1 ? records.shift() : records[0];
        return Promise.resolve(
          data === null || data === undefined ? null : account(data, programId),
        );
      }
      if (address.equals(ata)) {
        return Promise.resolve(options.tokenAccount ? account(Buffer.alloc(165), mint) : null);
      }
      return Promise.resolve(null);
    },
    getLatestBlockhash: () =>
      Promise.resolve({
        blockhash: Keypair.generate().publicKey.toBase58(),
        lastValidBlockHeight: 100,
      }),
    getRecentPrioritizationFees: () => Promise.resolve([]),
    simulateTransaction: (transaction: VersionedTransaction) => {
      simulated.push(transaction);
      return Promise.resolve({
        context: { slot: 1 },
        value: {
          err: options.simulationError ?? null,
          logs: [],
          unitsConsumed: 20_000,
          accounts: null,
          returnData: null,
        },
      });
    },
    sendRawTransaction: (raw: Buffer | Uint8Array) => {
      sent.push(Uint8Array.from(raw));
      return Promise.resolve('sig');
    },
    getSignatureStatuses: () =>
      Promise.resolve({
        context: { slot: 2 },
        value: [{ slot: 2, confirmations: null, err: null, confirmationStatus: 'confirmed' }],
      }),
    isBlockhashValid: () => Promise.resolve({ context: { slot: 2 }, value: true }),
  } as unknown as PurchaseConnection;
  return { connection, sent, simulated };
}

/** The programs a transaction calls, after the two compute-budget instructions. */
function calledPrograms(transaction: VersionedTransaction): { program: string; tag?: number }[] {
  const keys = transaction.message.staticAccountKeys;
  return transaction.message.compiledInstructions.slice(2).map((instruction) => ({
    program: keys[instruction.programIdIndex]?.toBase58() ?? '',
    ...(keys[instruction.programIdIndex]?.equals(programId)
      ? { tag: instruction.data[0] ?? -1 }
      : {}),
  }));
}

async function run(
  flow: 'claim' | 'refund',
  chain: ReturnType<typeof fakeChain>,
  buyer: Keypair,
): Promise<{ result: BuyerDeliveryResult; stages: ClaimStage[]; signed: boolean }> {
  const stages: ClaimStage[] = [];
  let signed = false;
  const deps = {
    connection: chain.connection,
    signTransaction: (transaction: VersionedTransaction) => {
      signed = true;
      transaction.sign([buyer]);
      return Promise.resolve(transaction);
    },
    onStage: (stage: ClaimStage) => stages.push(stage),
    pollIntervalMs: 1,
  };
  const request = { programId, presale, buyer: buyer.publicKey };
  const result =
    flow === 'claim'
      ? await claimTokens(deps, {
          ...request,
          mint,
          tempTokenAccount,
          tokenProgram: TOKEN_PROGRAM_ID,
        })
      : await refundPurchase(deps, request);
  return { result, stages, signed };
}

describe('claiming unlocked FBT', () => {
  it('claims into the buyer’s FBT account and says how many FBT it delivered', async () => {
    const buyer = Keypair.generate();
    const chain = fakeChain({
      buyer,
      records: [
        recordBytes(buyer.publicKey, SOL, 20_000_000_000n, 5_000_000_000n),
        recordBytes(buyer.publicKey, SOL, 20_000_000_000n, 12_000_000_000n),
      ],
      tokenAccount: true,
    });
    const { result, stages, signed } = await run('claim', chain, buyer);
    expect(result).toMatchObject({ ok: true, signature: 'sig', amount: 7_000_000_000n });
    expect(stages).toEqual(['preparing', 'simulating', 'signing', 'sending', 'confirming']);
    expect(signed).toBe(true);
    expect(chain.sent).toHaveLength(1);
    expect(calledPrograms(chain.simulated[0]!)).toEqual([
      { program: programId.toBase58(), tag: PresaleInstruction.Claim },
    ]);
  });

  it('creates the buyer’s FBT account first when the buyer closed it', async () => {
    const buyer = Keypair.generate();
    const chain = fakeChain({
      buyer,
      records: [recordBytes(buyer.publicKey, SOL, 20_000_000_000n, 0n)],
      tokenAccount: false,
    });
    await run('claim', chain, buyer);
    expect(calledPrograms(chain.simulated[0]!)).toEqual([
      { program: ASSOCIATED_TOKEN_PROGRAM_ID.toBase58() },
      { program: programId.toBase58(), tag: PresaleInstruction.Claim },
    ]);
  });

  it('stops at the simulation with the program’s refusal, before the wallet is asked', async () => {
    const buyer = Keypair.generate();
    const chain = fakeChain({
      buyer,
      records: [recordBytes(buyer.publicKey, SOL, 20_000_000_000n, 5_000_000_000n)],
      tokenAccount: true,
      simulationError: { InstructionError: [2, { Custom: 6071 }] },
    });
    const { result, signed } = await run('claim', chain, buyer);
    expect(result).toEqual({
      ok: false,
      stage: 'simulating',
      message: 'No tokens are unlocked for this buyer yet.',
      programError: { code: 6071, name: 'NothingDue' },
    });
    expect(signed).toBe(false);
    expect(chain.sent).toHaveLength(0);
  });
});

describe('refunding a failed sale', () => {
  it('refunds and says the SOL the record said was paid, once the record is closed', async () => {
    const buyer = Keypair.generate();
    const chain = fakeChain({
      buyer,
      records: [recordBytes(buyer.publicKey, 3n * SOL, 60_000_000_000n, 0n), null],
      tokenAccount: true,
    });
    const { result, signed } = await run('refund', chain, buyer);
    expect(result).toMatchObject({ ok: true, amount: 3n * SOL });
    expect(signed).toBe(true);
    expect(calledPrograms(chain.simulated[0]!)).toEqual([
      { program: programId.toBase58(), tag: PresaleInstruction.Refund },
    ]);
  });

  it('reports the program’s refusal of a sale that succeeded', async () => {
    const buyer = Keypair.generate();
    const chain = fakeChain({
      buyer,
      records: [recordBytes(buyer.publicKey, 3n * SOL, 60_000_000_000n, 0n)],
      tokenAccount: true,
      simulationError: { InstructionError: [2, { Custom: 6070 }] },
    });
    const { result, signed } = await run('refund', chain, buyer);
    expect(result).toMatchObject({
      ok: false,
      stage: 'simulating',
      programError: { code: 6070, name: 'SaleSucceeded' },
    });
    expect(signed).toBe(false);
  });
});
