import type { Keypair } from '@solana/web3.js';
import {
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
} from '@solana/web3.js';

/**
 * The loopback swap pool's chain side: its token instructions (built here, so the adapters need
 * no token library), its funding on a local chain and its constant-product prices.
 */

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');

/**
 * The token program of `mint`, SPL Token or Token-2022 (the owner of its account); an error
 * naming the mint when it is missing or owned by neither.
 */
export async function readMintTokenProgram(
  connection: Connection,
  mint: PublicKey,
): Promise<PublicKey> {
  const info = await connection.getAccountInfo(mint, 'confirmed');
  if (info === null || !TOKEN_PROGRAMS.includes(info.owner.toBase58())) {
    throw new Error(
      `the swap pool's mint ${mint.toBase58()} is ${info === null ? 'missing' : `owned by ${info.owner.toBase58()}, not a token program`}`,
    );
  }
  return info.owner;
}

/** The associated token account of `owner` for `mint` under the mint's `tokenProgram`. */
export function associatedTokenAddress(
  mint: PublicKey,
  owner: PublicKey,
  tokenProgram: PublicKey,
): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), tokenProgram.toBuffer(), mint.toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM,
  )[0];
}

export function createAssociatedTokenAccountIdempotent(
  payer: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      {
        pubkey: associatedTokenAddress(mint, owner, tokenProgram),
        isSigner: false,
        isWritable: true,
      },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([1]),
  });
}

/** Transfer (tag 3) of either token program (a mint without transfer fees or hooks). */
export function tokenTransfer(
  tokenProgram: PublicKey,
  source: PublicKey,
  destination: PublicKey,
  authority: PublicKey,
  amount: bigint,
): TransactionInstruction {
  const data = Buffer.alloc(9);
  data[0] = 3;
  data.writeBigUInt64LE(amount, 1);
  return new TransactionInstruction({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data,
  });
}

/**
 * Gives the pool its reserves on a local chain: `lamports` from the faucet and `fbt` base units
 * from `treasury` (a wallet holding FBT in its associated account of the mint's token program,
 * SPL Token or Token-2022, e.g. the seeded operator).
 */
export async function fundSwapPool(options: {
  connection: Connection;
  treasury: Keypair;
  pool: PublicKey;
  mint: PublicKey;
  fbt: bigint;
  lamports: bigint;
}): Promise<void> {
  const { connection, treasury, pool, mint } = options;
  const tokenProgram = await readMintTokenProgram(connection, mint);
  const airdrop = await connection.requestAirdrop(pool, Number(options.lamports));
  const latest = await connection.getLatestBlockhash('confirmed');
  await connection.confirmTransaction({ signature: airdrop, ...latest }, 'confirmed');
  const message = new TransactionMessage({
    payerKey: treasury.publicKey,
    recentBlockhash: latest.blockhash,
    instructions: [
      createAssociatedTokenAccountIdempotent(treasury.publicKey, pool, mint, tokenProgram),
      tokenTransfer(
        tokenProgram,
        associatedTokenAddress(mint, treasury.publicKey, tokenProgram),
        associatedTokenAddress(mint, pool, tokenProgram),
        treasury.publicKey,
        options.fbt,
      ),
    ],
  }).compileToLegacyMessage();
  const transaction = new VersionedTransaction(message);
  transaction.sign([treasury]);
  const signature = await connection.sendRawTransaction(transaction.serialize());
  const outcome = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (outcome.value.err !== null) {
    throw new Error(`funding the swap pool failed: ${JSON.stringify(outcome.value.err)}`);
  }
}

export interface Reserves {
  readonly sol: bigint;
  readonly fbt: bigint;
}

export interface ComputedSwap {
  readonly inputAmount: bigint;
  readonly outputAmount: bigint;
  readonly feeAmount: bigint;
  readonly priceImpactPct: number;
}

/** Constant product with the fee taken from the input. */
export function swapBaseIn(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feePpm: bigint,
): ComputedSwap {
  const fee = (amountIn * feePpm + 999_999n) / 1_000_000n;
  const net = amountIn - fee;
  const out = (reserveOut * net) / (reserveIn + net);
  const impact = Number((net * 1_000_000n) / (reserveIn + net)) / 10_000;
  return { inputAmount: amountIn, outputAmount: out, feeAmount: fee, priceImpactPct: impact };
}

export function swapBaseOut(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feePpm: bigint,
): ComputedSwap | null {
  if (amountOut >= reserveOut) return null;
  const net = (reserveIn * amountOut + (reserveOut - amountOut) - 1n) / (reserveOut - amountOut);
  const gross = (net * 1_000_000n + (1_000_000n - feePpm) - 1n) / (1_000_000n - feePpm);
  const impact = Number((net * 1_000_000n) / (reserveIn + net)) / 10_000;
  return {
    inputAmount: gross,
    outputAmount: amountOut,
    feeAmount: gross - net,
    priceImpactPct: impact,
  };
}
