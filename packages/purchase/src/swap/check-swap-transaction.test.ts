import { WRAPPED_SOL_MINT, type SwapComputeData } from '@fbt/domain';
import {
  createApproveInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { checkSwapTransaction, type SwapTransactionExpectation } from './check-swap-transaction';

const buyer = Keypair.generate();
const pool = Keypair.generate();
const stranger = Keypair.generate().publicKey;
const fbtMint = Keypair.generate().publicKey;
const otherMint = Keypair.generate().publicKey;
const wsol = new PublicKey(WRAPPED_SOL_MINT);
const buyerFbt = getAssociatedTokenAddressSync(fbtMint, buyer.publicKey);
const poolFbt = getAssociatedTokenAddressSync(fbtMint, pool.publicKey);
const dexProgram = Keypair.generate().publicKey;
const BLOCKHASH = Keypair.generate().publicKey.toBase58();

const SOL_IN = 1_000_000_000n;
const FBT_OUT = 19_900_000_000n;
const FBT_MIN = 19_800_000_000n;

function buyQuote(overrides: Partial<SwapComputeData> = {}): SwapComputeData {
  return {
    swapType: 'BaseIn',
    inputMint: WRAPPED_SOL_MINT,
    inputAmount: SOL_IN.toString(),
    outputMint: fbtMint.toBase58(),
    outputAmount: FBT_OUT.toString(),
    otherAmountThreshold: FBT_MIN.toString(),
    slippageBps: 50,
    priceImpactPct: 0.1,
    routePlan: [
      {
        poolId: pool.publicKey.toBase58(),
        inputMint: WRAPPED_SOL_MINT,
        outputMint: fbtMint.toBase58(),
        feeMint: WRAPPED_SOL_MINT,
        feeRate: 2500,
        feeAmount: '2500000',
        remainingAccounts: [poolFbt.toBase58()],
      },
    ],
    ...overrides,
  };
}

function expectation(quote = buyQuote()): SwapTransactionExpectation {
  return {
    buyer: buyer.publicKey.toBase58(),
    fbtMint: fbtMint.toBase58(),
    quote,
    dexProgramIds: [dexProgram.toBase58()],
  };
}

const budget = (price = 10_000) => [
  ComputeBudgetProgram.setComputeUnitLimit({ units: 600_000 }),
  ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }),
];

/** The loopback pool's honest buy: SOL to the pool, FBT from the pool, pool-signed. */
function honestBuy(
  options: { received?: bigint; payTo?: PublicKey } = {},
): TransactionInstruction[] {
  return [
    ...budget(),
    createAssociatedTokenAccountIdempotentInstruction(
      buyer.publicKey,
      buyerFbt,
      buyer.publicKey,
      fbtMint,
    ),
    SystemProgram.transfer({
      fromPubkey: buyer.publicKey,
      toPubkey: options.payTo ?? pool.publicKey,
      lamports: SOL_IN,
    }),
    createTransferInstruction(poolFbt, buyerFbt, pool.publicKey, options.received ?? FBT_OUT),
  ];
}

function encode(
  instructions: TransactionInstruction[],
  options: {
    payer?: PublicKey;
    signers?: Keypair[];
    version?: 'legacy' | 'v0';
    lookups?: AddressLookupTableAccount[];
  } = {},
): string {
  const message = new TransactionMessage({
    payerKey: options.payer ?? buyer.publicKey,
    recentBlockhash: BLOCKHASH,
    instructions,
  });
  const transaction = new VersionedTransaction(
    options.version === 'legacy'
      ? message.compileToLegacyMessage()
      : message.compileToV0Message(options.lookups),
  );
  const signers = options.signers ?? [pool];
  if (signers.length > 0) transaction.sign(signers);
  return Buffer.from(transaction.serialize()).toString('base64');
}

describe('when the pool moves the tokens itself (the loopback pool)', () => {
  it.each(['legacy', 'v0'] as const)('an honest %s buy passes, with what it moves', (version) => {
    const check = checkSwapTransaction(encode(honestBuy(), { version }), expectation());
    expect(check).toMatchObject({
      ok: true,
      version,
      priorityFeeMicroLamports: 10_000,
      movements: {
        paidLamports: SOL_IN,
        receivedFbt: FBT_OUT,
        paidFbt: 0n,
        receivedLamports: 0n,
        viaExchangeProgram: false,
      },
    });
  });

  it('an honest sell passes: FBT to the pool account the quote named, SOL back', () => {
    const quote = buyQuote({
      inputMint: fbtMint.toBase58(),
      outputMint: WRAPPED_SOL_MINT,
      inputAmount: FBT_OUT.toString(),
      outputAmount: '990000000',
      otherAmountThreshold: '985000000',
    });
    const base64 = encode([
      ...budget(),
      createTransferInstruction(buyerFbt, poolFbt, buyer.publicKey, FBT_OUT),
      SystemProgram.transfer({
        fromPubkey: pool.publicKey,
        toPubkey: buyer.publicKey,
        lamports: 990_000_000n,
      }),
    ]);
    expect(checkSwapTransaction(base64, expectation(quote))).toMatchObject({
      ok: true,
      movements: { paidFbt: FBT_OUT, receivedLamports: 990_000_000n },
    });
  });

  it('a transaction paying someone else is refused before signing', () => {
    const check = checkSwapTransaction(encode(honestBuy({ payTo: stranger })), expectation());
    expect(check).toEqual({
      ok: false,
      code: 'SWAP_TX__PAYS_SOMEONE_ELSE',
      message: `Instruction 4 sends ${SOL_IN} lamports from your wallet to ${stranger.toBase58()}, which is neither yours nor the quoted pool.`,
      context: { account: stranger.toBase58(), instruction: '4' },
    });
  });

  it('FBT sent to a stranger is refused too', () => {
    const base64 = encode(
      [
        ...budget(),
        createTransferInstruction(
          buyerFbt,
          getAssociatedTokenAddressSync(fbtMint, stranger),
          buyer.publicKey,
          5n,
        ),
      ],
      { signers: [] },
    );
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__PAYS_SOMEONE_ELSE',
    });
  });

  it('paying less than the minimum received (the price moved) is refused', () => {
    const check = checkSwapTransaction(
      encode(honestBuy({ received: FBT_MIN - 1n })),
      expectation(),
    );
    expect(check).toMatchObject({
      ok: false,
      code: 'SWAP_TX__BELOW_MINIMUM',
      message: `The transaction gives you ${FBT_MIN - 1n} base units, below the minimum of ${FBT_MIN} at your slippage.`,
    });
  });

  it('taking more than the quoted input is refused', () => {
    const check = checkSwapTransaction(
      encode(honestBuy()),
      expectation(buyQuote({ inputAmount: '999999999' })),
    );
    expect(check).toMatchObject({ ok: false, code: 'SWAP_TX__AMOUNT_MISMATCH' });
  });
});

describe('who pays and who signs', () => {
  it('another fee payer is refused', () => {
    const check = checkSwapTransaction(
      encode(honestBuy(), { payer: pool.publicKey, signers: [] }),
      expectation(),
    );
    expect(check).toMatchObject({
      ok: false,
      code: 'SWAP_TX__FEE_PAYER',
      message: `The transaction's fee payer is ${pool.publicKey.toBase58()}, not your wallet ${buyer.publicKey.toBase58()}.`,
    });
  });

  it('a second signer that has not signed is refused', () => {
    const check = checkSwapTransaction(encode(honestBuy(), { signers: [] }), expectation());
    expect(check).toMatchObject({
      ok: false,
      code: 'SWAP_TX__MISSING_SIGNATURE',
      context: { account: pool.publicKey.toBase58() },
    });
  });
});

describe('what the transaction may call', () => {
  it('an unknown program is refused', () => {
    const rogue = Keypair.generate().publicKey;
    const base64 = encode([
      ...honestBuy(),
      new TransactionInstruction({ programId: rogue, keys: [], data: Buffer.from([1]) }),
    ]);
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__UNKNOWN_PROGRAM',
      message: `Instruction 6 calls the program ${rogue.toBase58()}, which a swap does not need.`,
    });
  });

  it('an approval of the buyer’s tokens to someone is refused', () => {
    const base64 = encode([
      ...honestBuy(),
      createApproveInstruction(buyerFbt, stranger, buyer.publicKey, 1n),
    ]);
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__UNEXPECTED_INSTRUCTION',
    });
  });

  it('a token account for another mint is refused', () => {
    const base64 = encode([
      ...honestBuy(),
      createAssociatedTokenAccountIdempotentInstruction(
        buyer.publicKey,
        getAssociatedTokenAddressSync(otherMint, buyer.publicKey),
        buyer.publicKey,
        otherMint,
      ),
    ]);
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__UNEXPECTED_MINT',
      context: { mint: otherMint.toBase58(), instruction: '6' },
    });
  });

  it('a priority fee over the cap is refused', () => {
    const base64 = encode([...budget(25_001), ...honestBuy().slice(2)]);
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__PRIORITY_FEE',
      message: 'The transaction bids 25001 micro-lamports per compute unit, over the 25000 cap.',
    });
  });

  it('an exchange program runs only on a pool the quote named, wrapping and unwrapping SOL', () => {
    const wsolAccount = getAssociatedTokenAddressSync(wsol, buyer.publicKey);
    const swap = (poolAccount: PublicKey) =>
      new TransactionInstruction({
        programId: dexProgram,
        keys: [
          { pubkey: buyer.publicKey, isSigner: true, isWritable: false },
          { pubkey: poolAccount, isSigner: false, isWritable: true },
          { pubkey: wsolAccount, isSigner: false, isWritable: true },
          { pubkey: buyerFbt, isSigner: false, isWritable: true },
        ],
        data: Buffer.from([9, 1, 2]),
      });
    const wrapped = (poolAccount: PublicKey) =>
      encode(
        [
          ...budget(),
          createAssociatedTokenAccountIdempotentInstruction(
            buyer.publicKey,
            wsolAccount,
            buyer.publicKey,
            wsol,
          ),
          SystemProgram.transfer({
            fromPubkey: buyer.publicKey,
            toPubkey: wsolAccount,
            lamports: SOL_IN,
          }),
          createSyncNativeInstruction(wsolAccount),
          swap(poolAccount),
          createCloseAccountInstruction(wsolAccount, buyer.publicKey, buyer.publicKey),
        ],
        { signers: [] },
      );
    expect(checkSwapTransaction(wrapped(pool.publicKey), expectation())).toMatchObject({
      ok: true,
      movements: { viaExchangeProgram: true, paidLamports: 0n },
    });
    expect(checkSwapTransaction(wrapped(stranger), expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__NO_POOL',
    });
  });

  it('closing the buyer’s wrapped SOL account into someone else’s wallet is refused', () => {
    const wsolAccount = getAssociatedTokenAddressSync(wsol, buyer.publicKey);
    const base64 = encode([
      ...honestBuy(),
      createCloseAccountInstruction(wsolAccount, stranger, buyer.publicKey),
    ]);
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__PAYS_SOMEONE_ELSE',
    });
  });
});

describe('the transaction as bytes', () => {
  it('over 1644 base64 characters is refused, naming the size', () => {
    const check = checkSwapTransaction('A'.repeat(1648), expectation());
    expect(check).toMatchObject({
      ok: false,
      code: 'SWAP_TX__TOO_LARGE',
      message: 'The transaction is 1648 base64 characters, over the 1644 a transaction may have.',
    });
  });

  it('text that is not base64, or bytes that are not a transaction, is malformed', () => {
    expect(checkSwapTransaction('not base64!', expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__MALFORMED',
    });
    expect(checkSwapTransaction('AAAA', expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__MALFORMED',
    });
  });

  it('a v0 transaction loading accounts from a lookup table is refused', () => {
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: BigInt('18446744073709551615'),
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [stranger],
      },
    });
    const base64 = encode(
      [
        ...budget(),
        new TransactionInstruction({
          programId: dexProgram,
          keys: [
            { pubkey: pool.publicKey, isSigner: false, isWritable: false },
            { pubkey: stranger, isSigner: false, isWritable: true },
          ],
          data: Buffer.from([1]),
        }),
      ],
      { lookups: [table], signers: [] },
    );
    expect(checkSwapTransaction(base64, expectation())).toMatchObject({
      ok: false,
      code: 'SWAP_TX__LOOKUP_TABLES',
    });
  });
});
