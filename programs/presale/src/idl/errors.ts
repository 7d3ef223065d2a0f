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
  [6013, 'WrongTokenProgram', 'The token program is not the SPL Token program.'],
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
  [6031, 'InvalidMint', 'The mint is not an initialized SPL Token mint with at most 9 decimals.'],
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
  [6060, 'InstantWithTerms', 'An instant presale can have no minimum raise and no vesting.'],
  [
    6061,
    'InvalidVesting',
    'The vesting must unlock at most 100% at completion, over a duration no shorter than its cliff.',
  ],
  [6062, 'InvalidMinimumRaise', 'The minimum raise must be at most the presale’s total maximum.'],
  [6063, 'SaleEndRequired', 'A presale that delivers at completion needs an end to its window.'],
  [
    6064,
    'WindowLocked',
    'Buyers are owed tokens: the window’s end cannot be removed or moved later.',
  ],
  [6065, 'NotAtCompletion', 'This presale delivers its tokens in each buy; it has no completion.'],
  [
    6066,
    'SaleNotComplete',
    'The presale completes only when it is sold out or its window has ended.',
  ],
  [6067, 'AlreadyFinalized', 'The presale is finalized: its outcome is fixed and buys are closed.'],
  [6068, 'NotFinalized', 'The presale is not finalized yet.'],
  [
    6069,
    'SaleFailed',
    'The presale missed its minimum raise: buyers are refunded and nothing is distributed.',
  ],
  [6070, 'SaleSucceeded', 'The presale reached its minimum raise: there is nothing to refund.'],
  [6071, 'NothingDue', 'No tokens are unlocked for this buyer yet.'],
  [6072, 'NoEscrow', 'This presale holds no SOL in escrow.'],
  [6073, 'NothingToWithdraw', 'There are no proceeds left to withdraw.'],
  [6074, 'SaleCompleted', 'The presale has completed: its limits and window can no longer change.'],
  [
    6075,
    'CommissionInEscrow',
    'This commission is held in the presale’s escrow: name the presale to claim it.',
  ],
];

/** The error table as Codama error nodes, in code order. */
export const PRESALE_ERROR_NODES: ErrorNode[] = ERRORS.map(([code, name, message]) =>
  errorNode({ code, name, message }),
);
