import type { FailedTransactionMetadata } from 'litesvm';

/** Transaction-level error variants, in the order litesvm's `TransactionErrorFieldless` numbers them. */
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

/** Instruction-level error variants, in the order litesvm's `InstructionErrorFieldless` numbers them. */
const INSTRUCTION_ERROR_NAMES = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

/** Agave's Display texts for the errors a buyer or operator is likely to meet. */
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IncorrectAuthority: 'Incorrect authority provided',
  Immutable: 'Account is immutable',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  ProgramFailedToComplete: 'Program failed to complete',
};

/** A transaction error in the JSON shape Solana's RPC uses (`"BlockhashNotFound"`, `{"InstructionError":[0,{"Custom":1}]}`). */
export type TransactionErrorJson = string | Record<string, unknown>;

/** A decoded litesvm error: the RPC JSON shape, the human text, and whether the tx lands in a block. */
export interface DescribedTransactionError {
  json: TransactionErrorJson;
  text: string;
  /** True when the runtime charged the fee and recorded the tx (instruction-level failures). */
  landed: boolean;
}

function nameAt(names: readonly string[], index: number): string {
  return names[index] ?? `Unknown(${index})`;
}

function describeInstructionError(inner: unknown): { json: unknown; text: string } {
  if (typeof inner === 'number') {
    const name = nameAt(INSTRUCTION_ERROR_NAMES, inner);
    return { json: name, text: INSTRUCTION_ERROR_TEXT[name] ?? name };
  }
  if (inner !== null && typeof inner === 'object' && 'code' in inner) {
    const code = Number((inner as { code: number }).code);
    return { json: { Custom: code }, text: `custom program error: 0x${code.toString(16)}` };
  }
  if (inner !== null && typeof inner === 'object' && 'msg' in inner) {
    const msg = String((inner as { msg: string }).msg);
    return {
      json: { BorshIoError: msg },
      text: `Failed to serialize or deserialize account data: ${msg}`,
    };
  }
  return {
    json: 'GenericError',
    text: INSTRUCTION_ERROR_TEXT.GenericError ?? 'generic instruction error',
  };
}

/** Translates litesvm's error object into RPC JSON plus agave's display text. */
export function describeTransactionError(
  err: ReturnType<FailedTransactionMetadata['err']>,
): DescribedTransactionError {
  if (typeof err === 'number') {
    const name = nameAt(TRANSACTION_ERROR_NAMES, err);
    return { json: name, text: TRANSACTION_ERROR_TEXT[name] ?? name, landed: false };
  }
  const kind = err.constructor.name;
  if ('err' in err && typeof err.err === 'function') {
    const inner = describeInstructionError(err.err());
    return {
      json: { InstructionError: [err.index, inner.json] },
      text: `Error processing Instruction ${err.index}: ${inner.text}`,
      landed: true,
    };
  }
  if (kind.endsWith('DuplicateInstruction') && 'index' in err) {
    return {
      json: { DuplicateInstruction: err.index },
      text: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
      landed: false,
    };
  }
  if (kind.endsWith('InsufficientFundsForRent') && 'accountIndex' in err) {
    return {
      json: { InsufficientFundsForRent: { account_index: err.accountIndex } },
      text: `Transaction results in an account (${err.accountIndex}) with insufficient funds for rent`,
      landed: true,
    };
  }
  if ('accountIndex' in err) {
    return {
      json: { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } },
      text: `Execution of the program referenced by account at index ${err.accountIndex} is temporarily restricted.`,
      landed: false,
    };
  }
  return { json: 'SanitizeFailure', text: String(err), landed: false };
}

/** Builds an error JSON for a transaction-level error by name (used for checks done by the server). */
export function namedTransactionError(
  name: (typeof TRANSACTION_ERROR_NAMES)[number],
): DescribedTransactionError {
  return { json: name, text: TRANSACTION_ERROR_TEXT[name] ?? name, landed: false };
}
