import {
  SWAP_PRIORITY_FEE_CAP,
  SWAP_TX_MAX_BASE64_CHARS,
  WRAPPED_SOL_MINT,
  swapPoolAccounts,
} from '@fbt/domain';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  findAssociatedTokenAddress,
} from '@fbt/presale-client';
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  VersionedTransaction,
  type MessageCompiledInstruction,
} from '@solana/web3.js';
import {
  checkAmounts,
  checkComputeBudget,
  checkSystem,
  checkToken,
  Refusal,
  refuse,
  unexpectedMint,
  type InstructionContext,
} from './swap-instruction-checks';
import type {
  SwapTransactionExpectation,
  SwapTransactionMovements,
  SwapTransactionProblemCode,
} from './swap-check-types';

export type * from './swap-check-types';

/**
 * The check every swap transaction passes before a wallet is asked to sign it, run by the BFF
 * when the exchange answers and again by the page right before signing: the transaction comes
 * from a third party and the wallet signs whatever it is shown. It refuses, with a precise
 * message, anything but a swap of the buyer's own SOL and FBT through the pools the quote named.
 */

/** The check's verdict. */
export type SwapTransactionCheck =
  | {
      readonly ok: true;
      readonly transaction: VersionedTransaction;
      readonly version: 'legacy' | 'v0';
      readonly priorityFeeMicroLamports: number;
      readonly movements: SwapTransactionMovements;
    }
  | {
      readonly ok: false;
      readonly code: SwapTransactionProblemCode;
      /** English sentence naming what is wrong (logs, API answers). */
      readonly message: string;
      /** Values for a translated sentence. */
      readonly context: Readonly<Record<string, string>>;
    };

const SYSTEM = SystemProgram.programId.toBase58();
const TOKEN = TOKEN_PROGRAM_ID.toBase58();
const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();
const ATA = ASSOCIATED_TOKEN_PROGRAM_ID.toBase58();
const COMPUTE_BUDGET = ComputeBudgetProgram.programId.toBase58();

/** Decodes base64 strictly (a wrong alphabet or padding is malformed, not silently skipped). */
function decodeBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    refuse('SWAP_TX__MALFORMED', 'The transaction is not base64 text.');
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Checks a base64 swap transaction from the exchange against what the buyer asked for. Never
 * throws: a refusal comes back as `{ ok: false, code, message }`.
 *
 * Checked: size within 1644 base64 characters (one 1,232-byte packet); a legacy or v0 message
 * without address lookup tables (their accounts cannot be seen before signing); the buyer is the
 * fee payer; every other signer already signed; only the compute-budget, system, token, associated
 * token and configured exchange programs run; the priority fee is within the cap; the buyer's
 * SOL and tokens go only to the buyer's own accounts or the pools the quote named; token
 * accounts are only the buyer's, for SOL or FBT; an exchange instruction names a quoted pool;
 * and where the transaction moves the tokens itself (no exchange program), it pays exactly the
 * quoted input and gives at least the minimum.
 */
export function checkSwapTransaction(
  base64: string,
  expected: SwapTransactionExpectation,
): SwapTransactionCheck {
  try {
    return inspect(base64, expected);
  } catch (error) {
    if (error instanceof Refusal) {
      return { ok: false, code: error.code, message: error.message, context: error.context };
    }
    return {
      ok: false,
      code: 'SWAP_TX__MALFORMED',
      message: `The transaction could not be read: ${(error as Error).message}`,
      context: {},
    };
  }
}

/** The transaction read and its envelope checked: size, format, fee payer, other signatures. */
function readEnvelope(base64: string, buyer: string) {
  if (base64.length > SWAP_TX_MAX_BASE64_CHARS) {
    refuse(
      'SWAP_TX__TOO_LARGE',
      `The transaction is ${base64.length} base64 characters, over the ${SWAP_TX_MAX_BASE64_CHARS} a transaction may have.`,
      { size: String(base64.length), max: String(SWAP_TX_MAX_BASE64_CHARS) },
    );
  }
  const bytes = decodeBase64(base64);
  let transaction: VersionedTransaction;
  try {
    transaction = VersionedTransaction.deserialize(bytes);
  } catch (error) {
    refuse('SWAP_TX__MALFORMED', `The transaction could not be read: ${(error as Error).message}`);
  }
  const { message } = transaction;
  if (message.addressTableLookups.length > 0) {
    refuse(
      'SWAP_TX__LOOKUP_TABLES',
      'The transaction loads accounts from address lookup tables, which cannot be checked before signing.',
    );
  }
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  const feePayer = keys[0] ?? '';
  if (feePayer !== buyer) {
    refuse(
      'SWAP_TX__FEE_PAYER',
      `The transaction's fee payer is ${feePayer}, not your wallet ${buyer}.`,
      {
        payer: feePayer,
        wallet: buyer,
      },
    );
  }
  const signerCount = message.header.numRequiredSignatures;
  for (let index = 1; index < signerCount; index++) {
    const signature = transaction.signatures[index];
    if (signature === undefined || signature.every((byte) => byte === 0)) {
      refuse(
        'SWAP_TX__MISSING_SIGNATURE',
        `The transaction also needs a signature from ${keys[index] ?? '?'}, which it does not carry.`,
        { account: keys[index] ?? '?' },
      );
    }
  }
  return { transaction, keys, signerCount };
}

/** The buyer's own accounts (wallet and its SOL/FBT token accounts of either token program). */
function instructionContext(expected: SwapTransactionExpectation): InstructionContext & {
  readonly movements: {
    -readonly [K in keyof SwapTransactionMovements]: SwapTransactionMovements[K];
  };
} {
  const { buyer, fbtMint } = expected;
  const mints = new Set([WRAPPED_SOL_MINT, fbtMint]);
  const buyerKey = new PublicKey(buyer);
  const tokenAccountsOf = (mint: string) =>
    [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((tokenProgram) =>
      findAssociatedTokenAddress({
        owner: buyerKey,
        mint: new PublicKey(mint),
        tokenProgram,
      }).toBase58(),
    );
  const buyerAccounts = new Set<string>([buyer, ...[...mints].flatMap(tokenAccountsOf)]);
  const fbtAccounts = new Set(tokenAccountsOf(fbtMint));
  const createdByBuyer = new Set<string>();
  return {
    buyer,
    pools: new Set(swapPoolAccounts(expected.quote)),
    mints,
    movements: {
      paidLamports: 0n,
      paidFbt: 0n,
      receivedLamports: 0n,
      receivedFbt: 0n,
      viaExchangeProgram: false,
    },
    createdByBuyer,
    isBuyers: (key) => buyerAccounts.has(key) || createdByBuyer.has(key),
    isFbtAccount: (key) => fbtAccounts.has(key),
  };
}

/** An associated-token-account creation: only the buyer's own, paid by the buyer, for SOL/FBT. */
function checkCreateTokenAccount(
  position: number,
  account: (slot: number) => string,
  { buyer, mints }: InstructionContext,
): void {
  const payer = account(0);
  const owner = account(2);
  const mint = account(3);
  if (owner !== buyer || payer !== buyer) {
    refuse(
      'SWAP_TX__UNEXPECTED_INSTRUCTION',
      `Instruction ${position + 1} creates a token account for ${owner} paid by ${payer}; only your own may be created.`,
      { instruction: String(position + 1) },
    );
  }
  if (!mints.has(mint)) unexpectedMint(mint, position);
}

/**
 * An exchange instruction: it must name a pool the quote named, and hand the exchange no
 * signer but the buyer or a pool.
 */
function checkExchange(
  instruction: MessageCompiledInstruction,
  position: number,
  keys: readonly string[],
  signerCount: number,
  { buyer, pools }: InstructionContext,
): void {
  const where = { instruction: String(position + 1) };
  const named = instruction.accountKeyIndexes.some((index) => pools.has(keys[index] ?? ''));
  if (!named) {
    refuse(
      'SWAP_TX__NO_POOL',
      `Instruction ${position + 1} calls the exchange program without any pool the quote named.`,
      where,
    );
  }
  for (const index of instruction.accountKeyIndexes) {
    if (index < signerCount && keys[index] !== buyer && !pools.has(keys[index] ?? '')) {
      // Another signer's authority handed to the exchange: it must be the pool's own.
      refuse(
        'SWAP_TX__UNEXPECTED_INSTRUCTION',
        `Instruction ${position + 1} passes the signer ${keys[index] ?? '?'} to the exchange program.`,
        where,
      );
    }
  }
}

function inspect(base64: string, expected: SwapTransactionExpectation): SwapTransactionCheck {
  const { transaction, keys, signerCount } = readEnvelope(base64, expected.buyer);
  const { message } = transaction;
  const version = message.version === 'legacy' ? 'legacy' : 'v0';
  const dexPrograms = new Set(expected.dexProgramIds);
  const cap = expected.maxPriorityFeeMicroLamports ?? SWAP_PRIORITY_FEE_CAP;
  const context = instructionContext(expected);
  const { movements } = context;
  let priorityFee = 0;

  for (const [position, instruction] of message.compiledInstructions.entries()) {
    const program = keys[instruction.programIdIndex] ?? '';
    const account = (slot: number): string => {
      const key = keys[instruction.accountKeyIndexes[slot] ?? -1];
      if (key === undefined) {
        refuse('SWAP_TX__MALFORMED', `Instruction ${position + 1} lacks account ${slot + 1}.`);
      }
      return key;
    };
    if (program === COMPUTE_BUDGET) {
      priorityFee = Math.max(priorityFee, checkComputeBudget(instruction, cap, position));
    } else if (program === SYSTEM) {
      checkSystem(instruction, position, account, context);
    } else if (program === TOKEN || program === TOKEN_2022) {
      checkToken(instruction, position, account, context);
    } else if (program === ATA) {
      checkCreateTokenAccount(position, account, context);
    } else if (dexPrograms.has(program)) {
      movements.viaExchangeProgram = true;
      checkExchange(instruction, position, keys, signerCount, context);
    } else {
      refuse(
        'SWAP_TX__UNKNOWN_PROGRAM',
        `Instruction ${position + 1} calls the program ${program}, which a swap does not need.`,
        { instruction: String(position + 1), program },
      );
    }
  }
  if (!movements.viaExchangeProgram) checkAmounts(expected, expected.fbtMint, movements);
  return { ok: true, transaction, version, priorityFeeMicroLamports: priorityFee, movements };
}
