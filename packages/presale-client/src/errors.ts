/**
 * The program's custom error codes (InstructionError::Custom), the one table of their codes,
 * names and English messages: the IDL (`programs/presale/idl/presale.json`) and its README
 * table are built from it, and c/presale.h defines the same numbers (tests compare). Never
 * renumbered.
 */
export const PRESALE_ERRORS = {
  6000: {
    name: 'InvalidInstruction',
    message: 'The instruction data is not a valid presale instruction.',
  },
  6001: { name: 'WrongAccountCount', message: 'The instruction has the wrong number of accounts.' },
  6002: { name: 'DuplicateAccount', message: 'The same account was passed twice.' },
  6003: { name: 'MissingSigner', message: 'A required signature is missing.' },
  6004: { name: 'NotWritable', message: 'An account that must be writable is read-only.' },
  6005: {
    name: 'PresaleWrongOwner',
    message: 'The presale account does not belong to the presale program.',
  },
  6006: { name: 'PresaleInvalid', message: 'The presale account has the wrong size or layout.' },
  6007: { name: 'AlreadyInitialized', message: 'The presale is already initialized.' },
  6008: { name: 'NotInitialized', message: 'The presale is not initialized.' },
  6009: {
    name: 'NotSeller',
    message: 'Only the seller of this presale can do this, and funds go only to the seller.',
  },
  6010: {
    name: 'WrongTempTokenAccount',
    message: 'The token account is not the presale’s token vault.',
  },
  6011: { name: 'WrongMint', message: 'The mint is not the presale’s token mint.' },
  6012: { name: 'WrongAuthority', message: 'The authority is not the presale’s program address.' },
  6013: {
    name: 'WrongTokenProgram',
    message: 'The token program is not SPL Token or Token-2022, or not the program of the mint.',
  },
  6014: { name: 'WrongSystemProgram', message: 'The system program account is wrong.' },
  6015: { name: 'WrongRentSysvar', message: 'The rent sysvar account is wrong.' },
  6016: {
    name: 'InvalidTokenAccount',
    message: 'The token account is not an FBT account of the buyer.',
  },
  6017: {
    name: 'InvalidBuyerRecord',
    message: 'The buyer record does not belong to this buyer and presale.',
  },
  6018: { name: 'PresaleInactive', message: 'The presale is not active.' },
  6019: { name: 'ZeroAmount', message: 'The amount must be greater than zero.' },
  6020: { name: 'BelowMinimum', message: 'The amount is below the minimum purchase.' },
  6021: {
    name: 'ExceedsUserMaximum',
    message: 'The amount exceeds your remaining purchase limit.',
  },
  6022: { name: 'ExceedsTotalMaximum', message: 'The amount exceeds what is left in the presale.' },
  6023: { name: 'SoldOut', message: 'The presale is sold out.' },
  6024: { name: 'ZeroTokens', message: 'The amount is too small to buy any FBT.' },
  6025: { name: 'ArithmeticOverflow', message: 'The amount is too large.' },
  6026: { name: 'InsufficientTokens', message: 'The presale vault has too few tokens left.' },
  6027: { name: 'InvalidLimits', message: 'The purchase limits are inconsistent.' },
  6028: { name: 'InvalidPrice', message: 'The token price must be greater than zero.' },
  6029: {
    name: 'TempTokenAccountUnsafe',
    message: 'The token vault has a delegate or close authority.',
  },
  6030: {
    name: 'WithdrawNotAllowed',
    message: 'Unsold tokens can be withdrawn only when the presale is paused or sold out.',
  },
  6031: {
    name: 'InvalidMint',
    message: 'The mint is not an initialized SPL Token or Token-2022 mint with at most 9 decimals.',
  },
  6032: { name: 'UnsupportedRent', message: 'The cluster’s rent parameters are not supported.' },
  6033: {
    name: 'InvalidLeaderCode',
    message: 'The leader code must be 3 to 32 letters, digits, _ or -.',
  },
  6034: {
    name: 'InvalidLeaderRecord',
    message: 'The leader record does not belong to this presale and code.',
  },
  6035: { name: 'LeaderExists', message: 'This leader code is already registered.' },
  6036: { name: 'LeaderInactive', message: 'This leader code is suspended.' },
  6037: { name: 'SelfReferral', message: 'A leader cannot buy through their own code.' },
  6038: { name: 'NotLeader', message: 'Only the leader’s wallet can claim this commission.' },
  6039: { name: 'NothingToClaim', message: 'There is no commission to claim.' },
  6040: { name: 'NotAllowlisted', message: 'This wallet is not on the presale’s allowlist.' },
  6041: { name: 'SaleNotStarted', message: 'The presale has not started yet.' },
  6042: { name: 'SaleEnded', message: 'The presale has ended.' },
  6043: { name: 'InvalidWindow', message: 'The sale window must start before it ends.' },
  6044: {
    name: 'NotPendingSeller',
    message: 'Only the proposed new seller can accept the presale.',
  },
  6045: {
    name: 'InvalidBump',
    message: 'No longer returned: buyer records have no bump (the code stays reserved).',
  },
  6046: {
    name: 'MintTransferFee',
    message: 'The mint charges a transfer fee: buyers would get less than sold.',
  },
  6047: {
    name: 'MintTransferHook',
    message: 'The mint runs a transfer hook program on every transfer.',
  },
  6048: {
    name: 'MintPermanentDelegate',
    message: 'The mint has a permanent delegate, who could take any tokens.',
  },
  6049: {
    name: 'MintDefaultAccountState',
    message: 'The mint can create its token accounts frozen.',
  },
  6050: { name: 'MintNonTransferable', message: 'The mint’s tokens cannot be transferred.' },
  6051: {
    name: 'MintPausable',
    message: 'The mint can be paused, which would stop every transfer.',
  },
  6052: {
    name: 'MintUnsupportedExtension',
    message: 'The mint has a Token-2022 extension the presale does not accept.',
  },
  6053: {
    name: 'MintFreezeAuthority',
    message: 'The mint still has a freeze authority, who could freeze the vault or buyers’ tokens.',
  },
  6060: {
    name: 'InstantWithTerms',
    message: 'An instant presale can have no minimum raise and no vesting.',
  },
  6061: {
    name: 'InvalidVesting',
    message:
      'The vesting must unlock at most 100% at completion, over a duration no shorter than its cliff.',
  },
  6062: {
    name: 'InvalidMinimumRaise',
    message:
      'The minimum raise must be reached by every sold-out sale (at most max total − min buy + 1).',
  },
  6063: {
    name: 'SaleEndRequired',
    message: 'A presale that delivers at completion needs an end to its window.',
  },
  6064: {
    name: 'WindowLocked',
    message: 'Buyers are owed tokens: the window’s end cannot be removed or moved later.',
  },
  6065: {
    name: 'NotAtCompletion',
    message: 'This presale delivers its tokens in each buy; it has no completion.',
  },
  6066: {
    name: 'SaleNotComplete',
    message: 'The presale completes only when it is sold out or its window has ended.',
  },
  6067: {
    name: 'AlreadyFinalized',
    message: 'The presale is finalized: its outcome is fixed and buys are closed.',
  },
  6068: { name: 'NotFinalized', message: 'The presale is not finalized yet.' },
  6069: {
    name: 'SaleFailed',
    message:
      'The presale missed its minimum raise: buyers are refunded and nothing is distributed.',
  },
  6070: {
    name: 'SaleSucceeded',
    message: 'The presale reached its minimum raise: there is nothing to refund.',
  },
  6071: { name: 'NothingDue', message: 'No tokens are unlocked for this buyer yet.' },
  6072: { name: 'NoEscrow', message: 'This presale holds no SOL in escrow.' },
  6073: { name: 'NothingToWithdraw', message: 'There are no proceeds left to withdraw.' },
  6074: {
    name: 'SaleCompleted',
    message: 'The presale has completed: its limits and window can no longer change.',
  },
  6075: {
    name: 'CommissionInEscrow',
    message: 'This commission is held in the presale’s escrow: name the presale to claim it.',
  },
  6090: {
    name: 'SaleEndMoved',
    message: 'The presale ends later than the buyer accepted, or has no end: its end was moved.',
  },
} as const satisfies Record<number, { name: string; message: string }>;

/** A custom error code of the program. */
export type PresaleErrorCode = keyof typeof PRESALE_ERRORS;
/** The stable name of a custom error. */
export type PresaleErrorName = (typeof PRESALE_ERRORS)[PresaleErrorCode]['name'];

/** A decoded program failure. */
export interface PresaleProgramError {
  readonly code: PresaleErrorCode;
  readonly name: PresaleErrorName;
  readonly message: string;
  /** Index of the failing instruction in its transaction, when known. */
  readonly instructionIndex?: number;
}

/** Looks up a custom code; `null` when the code is not one of ours. */
export function decodePresaleErrorCode(
  code: number,
  instructionIndex?: number,
): PresaleProgramError | null {
  if (!Object.hasOwn(PRESALE_ERRORS, code)) return null;
  const entry = PRESALE_ERRORS[code as PresaleErrorCode];
  return {
    code: code as PresaleErrorCode,
    name: entry.name,
    message: entry.message,
    ...(instructionIndex === undefined ? {} : { instructionIndex }),
  };
}

const CUSTOM_IN_LOG = /custom program error: (0x[0-9a-f]+|\d+)/i;
const CUSTOM_IN_DEBUG = /Custom(?:\s*[({]\s*(?:code:\s*)?|":\s*)(\d+)/;

function codeFromText(text: string): number | null {
  const log = CUSTOM_IN_LOG.exec(text);
  if (log?.[1]) return Number(log[1]);
  const debug = CUSTOM_IN_DEBUG.exec(text);
  if (debug?.[1]) return Number(debug[1]);
  return null;
}

function instructionIndexOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const instructionError = (value as { InstructionError?: unknown }).InstructionError;
  if (Array.isArray(instructionError) && typeof instructionError[0] === 'number')
    return instructionError[0];
  const index = (value as { index?: unknown }).index;
  return typeof index === 'number' ? index : undefined;
}

/**
 * Finds our custom error in whatever a failed transaction produced: a web3.js
 * `{ InstructionError: [i, { Custom: n }] }` value, a `SendTransactionError` (message or
 * logs), a litesvm error, or plain program logs. Returns `null` when none is ours.
 *
 * @example decodePresaleError(result.value.err)?.name === 'SoldOut'
 */
export function decodePresaleError(
  error: unknown,
  logs?: readonly string[],
): PresaleProgramError | null {
  const index = instructionIndexOf(error);
  if (typeof error === 'number') return decodePresaleErrorCode(error, index);
  if (typeof error === 'object' && error !== null) {
    const instructionError = (error as { InstructionError?: unknown }).InstructionError;
    if (Array.isArray(instructionError)) {
      const custom = (instructionError[1] as { Custom?: unknown } | undefined)?.Custom;
      if (typeof custom === 'number') return decodePresaleErrorCode(custom, index);
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number') {
      const decoded = decodePresaleErrorCode(code, index);
      if (decoded) return decoded;
    }
    const errorLogs = (error as { logs?: unknown }).logs;
    if (Array.isArray(errorLogs)) {
      const fromLogs = decodePresaleError(
        undefined,
        errorLogs.filter((l): l is string => typeof l === 'string'),
      );
      if (fromLogs) return fromLogs;
    }
  }
  const texts: string[] = [];
  if (typeof error === 'string') texts.push(error);
  else if (error instanceof Error) texts.push(error.message);
  else if (typeof error === 'object' && error !== null && typeof error.toString === 'function') {
    // litesvm error classes render their Debug text (e.g. "... Custom(6023) ...") via toString.
    const text = (error as { toString(): string }).toString();
    if (text !== '[object Object]') texts.push(text);
  }
  texts.push(...(logs ?? []));
  for (const text of texts) {
    const code = codeFromText(text);
    if (code !== null) {
      const decoded = decodePresaleErrorCode(code, index);
      if (decoded) return decoded;
    }
  }
  return null;
}
