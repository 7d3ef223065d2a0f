import { PublicKey, type MessageCompiledInstruction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@fbt/presale-client';
import type {
  SwapTransactionExpectation,
  SwapTransactionMovements,
  SwapTransactionProblemCode,
} from './swap-check-types';

/**
 * The per-program rules of {@link checkSwapTransaction}: compute budget, system and token
 * instructions, and the quoted amounts. A rule that fails throws a {@link Refusal}, which the
 * check turns into its answer.
 */

const TOKEN = TOKEN_PROGRAM_ID.toBase58();
const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();

/** A refusal on its way out of the rules. */
export class Refusal extends Error {
  constructor(
    readonly code: SwapTransactionProblemCode,
    message: string,
    readonly context: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function refuse(
  code: SwapTransactionProblemCode,
  message: string,
  context: Record<string, string> = {},
): never {
  throw new Refusal(code, message, context);
}

export function u64At(data: Uint8Array, offset: number): bigint {
  if (data.length < offset + 8)
    refuse('SWAP_TX__MALFORMED', 'An instruction is shorter than its amount.');
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}

export function u32At(data: Uint8Array, offset: number): number {
  if (data.length < offset + 4) refuse('SWAP_TX__MALFORMED', 'An instruction is too short.');
  return new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true);
}

export function unexpectedMint(mint: string, position: number): never {
  refuse(
    'SWAP_TX__UNEXPECTED_MINT',
    `Instruction ${position + 1} touches the token ${mint}; this swap trades only SOL and FBT.`,
    { mint, instruction: String(position + 1) },
  );
}

export function checkComputeBudget(
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
export interface InstructionContext {
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

export function checkSystem(
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

export function checkToken(
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

export function paysSomeoneElse(to: string, position: number, what: string): never {
  refuse(
    'SWAP_TX__PAYS_SOMEONE_ELSE',
    `Instruction ${position + 1} sends ${what} from your wallet to ${to}, which is neither yours nor the quoted pool.`,
    { account: to, instruction: String(position + 1) },
  );
}

/** Where the transaction moves the tokens itself, the amounts must be the quote's. */
export function checkAmounts(
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
