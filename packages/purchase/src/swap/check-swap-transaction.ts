import {
  SWAP_PRIORITY_FEE_CAP,
  SWAP_TX_MAX_BASE64_CHARS,
  WRAPPED_SOL_MINT,
  swapPoolAccounts,
  type SwapComputeData,
} from '@fbt/domain';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  VersionedTransaction,
  type MessageCompiledInstruction,
} from '@solana/web3.js';

/**
 * The check every swap transaction passes before a wallet is asked to sign it, run by the BFF
 * when the exchange answers and again by the page right before signing: the transaction comes
 * from a third party and the wallet signs whatever it is shown. It refuses, with a precise
 * message, anything but a swap of the buyer's own SOL and FBT through the pools the quote named.
 */

/** Why a transaction is refused. Codes are stable: the page translates them. */
export type SwapTransactionProblemCode =
  | 'SWAP_TX__TOO_LARGE'
  | 'SWAP_TX__MALFORMED'
  | 'SWAP_TX__LOOKUP_TABLES'
  | 'SWAP_TX__FEE_PAYER'
  | 'SWAP_TX__MISSING_SIGNATURE'
  | 'SWAP_TX__UNKNOWN_PROGRAM'
  | 'SWAP_TX__UNEXPECTED_INSTRUCTION'
  | 'SWAP_TX__PAYS_SOMEONE_ELSE'
  | 'SWAP_TX__UNEXPECTED_MINT'
  | 'SWAP_TX__PRIORITY_FEE'
  | 'SWAP_TX__NO_POOL'
  | 'SWAP_TX__AMOUNT_MISMATCH'
  | 'SWAP_TX__BELOW_MINIMUM';

/** What the transaction must be: the buyer's swap of the quote, and which DEX programs may run. */
export interface SwapTransactionExpectation {
  readonly buyer: string;
  readonly fbtMint: string;
  readonly quote: Pick<
    SwapComputeData,
    | 'swapType'
    | 'inputMint'
    | 'outputMint'
    | 'inputAmount'
    | 'outputAmount'
    | 'otherAmountThreshold'
    | 'routePlan'
  >;
  /** Exchange programs allowed to take the pools' own accounts (they enforce the swap). */
  readonly dexProgramIds: readonly string[];
  /** Highest compute-unit price accepted (default the spec's cap, 25,000). */
  readonly maxPriorityFeeMicroLamports?: number;
}

/** Base units the transaction moves between the buyer and the pools, where it says so itself. */
export interface SwapTransactionMovements {
  readonly paidLamports: bigint;
  readonly paidFbt: bigint;
  readonly receivedLamports: bigint;
  readonly receivedFbt: bigint;
  /** Whether an exchange program runs (its transfers are inside it, not counted above). */
  readonly viaExchangeProgram: boolean;
}

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

class Refusal extends Error {
  constructor(
    readonly code: SwapTransactionProblemCode,
    message: string,
    readonly context: Record<string, string> = {},
  ) {
    super(message);
  }
}

function refuse(
  code: SwapTransactionProblemCode,
  message: string,
  context: Record<string, string> = {},
): never {
  throw new Refusal(code, message, context);
}

function u64At(data: Uint8Array, offset: number): bigint {
  if (data.length < offset + 8)
    refuse('SWAP_TX__MALFORMED', 'An instruction is shorter than its amount.');
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}

function u32At(data: Uint8Array, offset: number): number {
  if (data.length < offset + 4) refuse('SWAP_TX__MALFORMED', 'An instruction is too short.');
  return new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true);
}

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
 * Checked: size within the spec's 1644 base64 characters; a legacy or v0 message without
 * address lookup tables (their accounts cannot be seen before signing); the buyer is the fee
 * payer; every other signer already signed; only the compute-budget, system, token, associated
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

function inspect(base64: string, expected: SwapTransactionExpectation): SwapTransactionCheck {
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
  const version = message.version === 'legacy' ? 'legacy' : 'v0';
  if (message.addressTableLookups.length > 0) {
    refuse(
      'SWAP_TX__LOOKUP_TABLES',
      'The transaction loads accounts from address lookup tables, which cannot be checked before signing.',
    );
  }
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  const buyer = expected.buyer;
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

  const fbtMint = expected.fbtMint;
  const mints = new Set([WRAPPED_SOL_MINT, fbtMint]);
  const pools = new Set(swapPoolAccounts(expected.quote));
  const buyerKey = new PublicKey(buyer);
  const buyerAccounts = new Set<string>([buyer]);
  for (const mint of mints) {
    for (const program of [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]) {
      buyerAccounts.add(
        getAssociatedTokenAddressSync(new PublicKey(mint), buyerKey, true, program).toBase58(),
      );
    }
  }
  const dexPrograms = new Set(expected.dexProgramIds);
  const cap = expected.maxPriorityFeeMicroLamports ?? SWAP_PRIORITY_FEE_CAP;
  const createdByBuyer = new Set<string>();
  const movements = {
    paidLamports: 0n,
    paidFbt: 0n,
    receivedLamports: 0n,
    receivedFbt: 0n,
    viaExchangeProgram: false,
  };
  let priorityFee = 0;
  const isSigner = (index: number) => index < signerCount;
  const fbtAccounts = new Set(
    [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((program) =>
      getAssociatedTokenAddressSync(new PublicKey(fbtMint), buyerKey, true, program).toBase58(),
    ),
  );
  const context: InstructionContext = {
    buyer,
    pools,
    mints,
    movements,
    createdByBuyer,
    isBuyers: (key) => buyerAccounts.has(key) || createdByBuyer.has(key),
    isFbtAccount: (key) => fbtAccounts.has(key),
  };

  for (const [position, instruction] of message.compiledInstructions.entries()) {
    const program = keys[instruction.programIdIndex] ?? '';
    const account = (slot: number): string => {
      const key = keys[instruction.accountKeyIndexes[slot] ?? -1];
      if (key === undefined) {
        refuse('SWAP_TX__MALFORMED', `Instruction ${position + 1} lacks account ${slot + 1}.`);
      }
      return key;
    };
    const where = { instruction: String(position + 1) };
    if (program === COMPUTE_BUDGET) {
      priorityFee = Math.max(priorityFee, checkComputeBudget(instruction, cap, position));
    } else if (program === SYSTEM) {
      checkSystem(instruction, position, account, context);
    } else if (program === TOKEN || program === TOKEN_2022) {
      checkToken(instruction, position, account, context);
    } else if (program === ATA) {
      const payer = account(0);
      const owner = account(2);
      const mint = account(3);
      if (owner !== buyer || payer !== buyer) {
        refuse(
          'SWAP_TX__UNEXPECTED_INSTRUCTION',
          `Instruction ${position + 1} creates a token account for ${owner} paid by ${payer}; only your own may be created.`,
          where,
        );
      }
      if (!mints.has(mint)) unexpectedMint(mint, position);
    } else if (dexPrograms.has(program)) {
      movements.viaExchangeProgram = true;
      const named = instruction.accountKeyIndexes.some((index) => pools.has(keys[index] ?? ''));
      if (!named) {
        refuse(
          'SWAP_TX__NO_POOL',
          `Instruction ${position + 1} calls the exchange program without any pool the quote named.`,
          where,
        );
      }
      for (const index of instruction.accountKeyIndexes) {
        if (isSigner(index) && keys[index] !== buyer && !pools.has(keys[index] ?? '')) {
          // Another signer's authority handed to the exchange: it must be the pool's own.
          refuse(
            'SWAP_TX__UNEXPECTED_INSTRUCTION',
            `Instruction ${position + 1} passes the signer ${keys[index] ?? '?'} to the exchange program.`,
            where,
          );
        }
      }
    } else {
      refuse(
        'SWAP_TX__UNKNOWN_PROGRAM',
        `Instruction ${position + 1} calls the program ${program}, which a swap does not need.`,
        { ...where, program },
      );
    }
  }
  if (!movements.viaExchangeProgram) checkAmounts(expected, fbtMint, movements);
  return { ok: true, transaction, version, priorityFeeMicroLamports: priorityFee, movements };
}

function unexpectedMint(mint: string, position: number): never {
  refuse(
    'SWAP_TX__UNEXPECTED_MINT',
    `Instruction ${position + 1} touches the token ${mint}; this swap trades only SOL and FBT.`,
    { mint, instruction: String(position + 1) },
  );
}

function checkComputeBudget(
  instruction: MessageCompiledInstruction,
  cap: number,
  position: number,
): number {
  const data = instruction.data;
  switch (data[0]) {
    case 3: {
      const price = u64At(data, 1);
      if (price > BigInt(cap)) {
        refuse(
          'SWAP_TX__PRIORITY_FEE',
          `The transaction bids ${price} micro-lamports per compute unit, over the ${cap} cap.`,
          { price: price.toString(), cap: String(cap) },
        );
      }
      return Number(price);
    }
    case 1: // heap frame
    case 2: // compute unit limit
    case 4: // loaded accounts data size
      return 0;
    default:
      refuse(
        'SWAP_TX__UNEXPECTED_INSTRUCTION',
        `Instruction ${position + 1} is an unknown compute-budget instruction.`,
        { instruction: String(position + 1) },
      );
  }
}

/** What the per-program checks share. */
interface InstructionContext {
  readonly buyer: string;
  readonly pools: ReadonlySet<string>;
  readonly mints: ReadonlySet<string>;
  readonly movements: {
    paidLamports: bigint;
    paidFbt: bigint;
    receivedLamports: bigint;
    receivedFbt: bigint;
  };
  /** Accounts created in this transaction and funded by the buyer (a temporary wSOL one). */
  readonly createdByBuyer: Set<string>;
  /** The buyer's wallet, its SOL/FBT token accounts, or an account it created here. */
  readonly isBuyers: (account: string) => boolean;
  readonly isFbtAccount: (account: string) => boolean;
}

function checkSystem(
  instruction: MessageCompiledInstruction,
  position: number,
  account: (slot: number) => string,
  { buyer, pools, movements, createdByBuyer, isBuyers }: InstructionContext,
): void {
  const data = instruction.data;
  const kind = u32At(data, 0);
  const where = { instruction: String(position + 1) };
  if (kind === 2) {
    const from = account(0);
    const to = account(1);
    const lamports = u64At(data, 4);
    if (from === buyer) {
      if (pools.has(to)) movements.paidLamports += lamports;
      else if (!isBuyers(to)) paysSomeoneElse(to, position, `${lamports} lamports`);
    } else if (isBuyers(to)) {
      movements.receivedLamports += lamports;
    }
    return;
  }
  if (kind === 0 || kind === 3) {
    // CreateAccount [from, new] lamports, space, owner | WithSeed [from, new, base] base, seed, …
    const from = account(0);
    const created = account(1);
    const owner =
      kind === 0
        ? new PublicKey(data.subarray(20, 52)).toBase58()
        : new PublicKey(data.subarray(data.length - 32)).toBase58();
    if (from === buyer) {
      if (owner !== TOKEN && owner !== TOKEN_2022) {
        refuse(
          'SWAP_TX__UNEXPECTED_INSTRUCTION',
          `Instruction ${position + 1} spends your SOL on an account owned by ${owner}, not a token account.`,
          where,
        );
      }
      createdByBuyer.add(created);
    }
    return;
  }
  refuse(
    'SWAP_TX__UNEXPECTED_INSTRUCTION',
    `Instruction ${position + 1} is a system instruction (${kind}) a swap does not use.`,
    where,
  );
}

function checkToken(
  instruction: MessageCompiledInstruction,
  position: number,
  account: (slot: number) => string,
  { buyer, pools, mints, movements, isBuyers, isFbtAccount }: InstructionContext,
): void {
  const data = instruction.data;
  const where = { instruction: String(position + 1) };
  switch (data[0]) {
    case 3: // Transfer [source, destination, authority] amount
    case 12: {
      // TransferChecked [source, mint, destination, authority] amount, decimals
      const checked = data[0] === 12;
      const source = account(0);
      const destination = account(checked ? 2 : 1);
      const authority = account(checked ? 3 : 2);
      const amount = u64At(data, 1);
      if (checked && !mints.has(account(1))) unexpectedMint(account(1), position);
      // Which token: the buyer's FBT accounts are known; any other of the buyer's holds wSOL.
      if (authority === buyer || isBuyers(source)) {
        if (pools.has(destination)) {
          if (isFbtAccount(source)) movements.paidFbt += amount;
          else movements.paidLamports += amount;
        } else if (!isBuyers(destination)) {
          paysSomeoneElse(destination, position, `${amount} token units`);
        }
      } else if (isBuyers(destination)) {
        if (isFbtAccount(destination)) movements.receivedFbt += amount;
        else movements.receivedLamports += amount;
      }
      return;
    }
    case 9: {
      // CloseAccount [account, destination, owner]: the rent and wrapped SOL go to `destination`.
      const destination = account(1);
      if (isBuyers(account(0)) && destination !== buyer) {
        paysSomeoneElse(destination, position, 'the closed account’s balance');
      }
      return;
    }
    case 17: // SyncNative
      return;
    case 1: // InitializeAccount [account, mint, owner, rent]
    case 16: // InitializeAccount2 [account, mint, rent] owner
    case 18: {
      // InitializeAccount3 [account, mint] owner
      const mint = account(1);
      if (!mints.has(mint)) unexpectedMint(mint, position);
      const owner = data[0] === 1 ? account(2) : new PublicKey(data.subarray(1, 33)).toBase58();
      if (owner !== buyer) {
        refuse(
          'SWAP_TX__UNEXPECTED_INSTRUCTION',
          `Instruction ${position + 1} opens a token account owned by ${owner}, not by your wallet.`,
          where,
        );
      }
      return;
    }
    default:
      refuse(
        'SWAP_TX__UNEXPECTED_INSTRUCTION',
        `Instruction ${position + 1} is a token instruction (${data[0] ?? '?'}) a swap does not use.`,
        where,
      );
  }
}

function paysSomeoneElse(to: string, position: number, what: string): never {
  refuse(
    'SWAP_TX__PAYS_SOMEONE_ELSE',
    `Instruction ${position + 1} sends ${what} from your wallet to ${to}, which is neither yours nor the quoted pool.`,
    { account: to, instruction: String(position + 1) },
  );
}

/** Where the transaction moves the tokens itself, the amounts must be the quote's. */
function checkAmounts(
  expected: SwapTransactionExpectation,
  fbtMint: string,
  movements: SwapTransactionMovements,
): void {
  const { quote } = expected;
  const buying = quote.inputMint !== fbtMint;
  const paid = buying ? movements.paidLamports : movements.paidFbt;
  const received = buying ? movements.receivedFbt : movements.receivedLamports;
  const inputAmount = BigInt(quote.inputAmount);
  const threshold = BigInt(quote.otherAmountThreshold);
  const outputAmount = BigInt(quote.outputAmount);
  const maxPaid = quote.swapType === 'BaseIn' ? inputAmount : threshold;
  const minReceived = quote.swapType === 'BaseIn' ? threshold : outputAmount;
  if (paid === 0n || paid > maxPaid || (quote.swapType === 'BaseIn' && paid !== inputAmount)) {
    refuse(
      'SWAP_TX__AMOUNT_MISMATCH',
      `The transaction takes ${paid} base units from your wallet; the quote says ${quote.swapType === 'BaseIn' ? 'exactly' : 'at most'} ${maxPaid}.`,
      { paid: paid.toString(), expected: maxPaid.toString() },
    );
  }
  if (received < minReceived) {
    refuse(
      'SWAP_TX__BELOW_MINIMUM',
      `The transaction gives you ${received} base units, below the minimum of ${minReceived} at your slippage.`,
      { received: received.toString(), minimum: minReceived.toString() },
    );
  }
}
