import { errorNode, type ErrorNode } from '@codama/nodes';

/**
 * The program's custom errors (`InstructionError::Custom(code)`): code, name, message. Never
 * renumbered: clients, the BFF and the site map these codes. c/presale.h names each code
 * `E_<NAME>`, the client's PRESALE_ERRORS and the README table repeat them (tests compare all).
 */
const ERRORS: readonly (readonly [code: number, name: string, message: string])[] = [
  [6000, 'InvalidInstruction', 'The instruction data is not a valid presale instruction.'],
  [6001, 'WrongAccountCount', 'The instruction has the wrong number of accounts.'],
  [6002, 'DuplicateAccount', 'The same account was passed twice.'],
  [6003, 'MissingSigner', 'A required signature is missing.'],
  [6004, 'NotWritable', 'An account that must be writable is read-only.'],
  [6005, 'PresaleWrongOwner', 'The presale account does not belong to the presale program.'],
  [6006, 'PresaleInvalid', 'The presale account has the wrong size or layout.'],
  [6007, 'AlreadyInitialized', 'The presale is already initialized.'],
  [6008, 'NotInitialized', 'The presale is not initialized.'],
  [
    6009,
    'NotSeller',
    'Only the seller of this presale can do this, and funds go only to the seller.',
  ],
  [6010, 'WrongTempTokenAccount', 'The token account is not the presale’s token vault.'],
  [6011, 'WrongMint', 'The mint is not the presale’s token mint.'],
  [6012, 'WrongAuthority', 'The authority is not the presale’s program address.'],
  [
    6013,
    'WrongTokenProgram',
    'The token program is not SPL Token or Token-2022, or not the program of the mint.',
  ],
  [6014, 'WrongSystemProgram', 'The system program account is wrong.'],
  [6015, 'WrongRentSysvar', 'The rent sysvar account is wrong.'],
  [6016, 'InvalidTokenAccount', 'The token account is not an FBT account of the buyer.'],
  [6017, 'InvalidBuyerRecord', 'The buyer record does not belong to this buyer and presale.'],
  [6018, 'PresaleInactive', 'The presale is not active.'],
  [6019, 'ZeroAmount', 'The amount must be greater than zero.'],
  [6020, 'BelowMinimum', 'The amount is below the minimum purchase.'],
  [6021, 'ExceedsUserMaximum', 'The amount exceeds your remaining purchase limit.'],
  [6022, 'ExceedsTotalMaximum', 'The amount exceeds what is left in the presale.'],
  [6023, 'SoldOut', 'The presale is sold out.'],
  [6024, 'ZeroTokens', 'The amount is too small to buy any FBT.'],
  [6025, 'ArithmeticOverflow', 'The amount is too large.'],
  [6026, 'InsufficientTokens', 'The presale vault has too few tokens left.'],
  [6027, 'InvalidLimits', 'The purchase limits are inconsistent.'],
  [6028, 'InvalidPrice', 'The token price must be greater than zero.'],
  [6029, 'TempTokenAccountUnsafe', 'The token vault has a delegate or close authority.'],
  [
    6030,
    'WithdrawNotAllowed',
    'Unsold tokens can be withdrawn only when the presale is paused or sold out.',
  ],
  [
    6031,
    'InvalidMint',
    'The mint is not an initialized SPL Token or Token-2022 mint with at most 9 decimals.',
  ],
  [6032, 'UnsupportedRent', 'The cluster’s rent parameters are not supported.'],
  [6033, 'InvalidLeaderCode', 'The leader code must be 3 to 32 letters, digits, _ or -.'],
  [6034, 'InvalidLeaderRecord', 'The leader record does not belong to this presale and code.'],
  [6035, 'LeaderExists', 'This leader code is already registered.'],
  [6036, 'LeaderInactive', 'This leader code is suspended.'],
  [6037, 'SelfReferral', 'A leader cannot buy through their own code.'],
  [6038, 'NotLeader', 'Only the leader’s wallet can claim this commission.'],
  [6039, 'NothingToClaim', 'There is no commission to claim.'],
  [6040, 'NotAllowlisted', 'This wallet is not on the presale’s allowlist.'],
  [6041, 'SaleNotStarted', 'The presale has not started yet.'],
  [6042, 'SaleEnded', 'The presale has ended.'],
  [6043, 'InvalidWindow', 'The sale window must start before it ends.'],
  [6044, 'NotPendingSeller', 'Only the proposed new seller can accept the presale.'],
  [6045, 'InvalidBump', 'The buyer record bump is not the canonical one.'],
  [6046, 'MintTransferFee', 'The mint charges a transfer fee: buyers would get less than sold.'],
  [6047, 'MintTransferHook', 'The mint runs a transfer hook program on every transfer.'],
  [6048, 'MintPermanentDelegate', 'The mint has a permanent delegate, who could take any tokens.'],
  [6049, 'MintDefaultAccountState', 'The mint can create its token accounts frozen.'],
  [6050, 'MintNonTransferable', 'The mint’s tokens cannot be transferred.'],
  [6051, 'MintPausable', 'The mint can be paused, which would stop every transfer.'],
  [
    6052,
    'MintUnsupportedExtension',
    'The mint has a Token-2022 extension the presale does not accept.',
  ],
  [
    6053,
    'MintFreezeAuthority',
    'The mint still has a freeze authority, who could freeze the vault or buyers’ tokens.',
  ],
];

/** The error table as Codama error nodes, in code order. */
export const PRESALE_ERROR_NODES: ErrorNode[] = ERRORS.map(([code, name, message]) =>
  errorNode({ code, name, message }),
);
