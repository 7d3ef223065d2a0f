import {
  argumentValueNode,
  arrayTypeNode,
  instructionRemainingAccountsNode,
  publicKeyTypeNode,
  remainderCountNode,
  type InstructionAccountNode,
  type InstructionNode,
} from '@codama/nodes';
import {
  account,
  argument,
  associatedTokenOfBuyer,
  authorityOfPresale,
  buyerRecordOfBuyer,
  taggedInstruction,
  tokenProgram,
} from './instruction-parts';

/** The vault side of every token delivery: the accounts Distribute and Claim both read. */
const vaultAccounts = (): InstructionAccountNode[] => [
  account('presale', { writable: true }, 'the presale account (totals)'),
  account('tempTokenAccount', { writable: true }, 'the presale’s FBT vault'),
  account('authority', {}, 'the vault’s owner, signs the transfers', authorityOfPresale()),
  account('mint', {}, 'the FBT mint'),
  tokenProgram(),
];

const finalize = taggedInstruction({
  name: 'finalize',
  tag: 13,
  docs: [
    'Anyone: fixes the outcome of an at-completion presale once it sold out or its window ended',
    '(succeeded at or above the minimum raise, else failed); no buy is accepted after it.',
  ],
  accounts: [account('presale', { writable: true }, 'the presale account')],
});

const distribute = taggedInstruction({
  name: 'distribute',
  tag: 14,
  docs: [
    'Anyone, after a successful Finalize: moves each named buyer’s unlocked FBT from the vault',
    'to the buyer’s token account; a buyer with nothing due is skipped (idempotent).',
  ],
  accounts: vaultAccounts(),
  remainingAccounts: [
    instructionRemainingAccountsNode(argumentValueNode('buyerAccounts'), {
      isWritable: true,
      docs: [
        'pairs (buyerRecord, buyerTokenAccount), 1 to 28: a buyer record of this presale, then an',
        'FBT token account owned by the wallet that record names',
      ],
    }),
  ],
  extraArguments: [
    argument(
      'buyerAccounts',
      arrayTypeNode(publicKeyTypeNode(), remainderCountNode()),
      'buyer record and token account of each buyer, in pairs',
    ),
  ],
});

const claim = taggedInstruction({
  name: 'claim',
  tag: 15,
  docs: [
    'The buyer, after a successful Finalize: moves what unlocked since the last delivery to the',
    'buyer’s token account (NothingDue when nothing has).',
  ],
  accounts: [
    account('buyer', { signer: true }, 'the wallet the record names'),
    ...vaultAccounts(),
    account('buyerRecord', { writable: true }, 'the buyer’s record', buyerRecordOfBuyer()),
    account(
      'buyerTokenAccount',
      { writable: true },
      'an FBT account of the buyer',
      associatedTokenOfBuyer(),
    ),
  ],
});

const refund = taggedInstruction({
  name: 'refund',
  tag: 16,
  docs: [
    'Anyone, after a failed Finalize: pays the buyer what they paid (from the escrow) and the',
    'record’s rent, and closes the record.',
  ],
  accounts: [
    account('presale', { writable: true }, 'the presale account (its escrow)'),
    account('buyerRecord', { writable: true }, 'the buyer’s record, closed', buyerRecordOfBuyer()),
    account('buyer', { writable: true }, 'the wallet the record names, paid'),
  ],
});

const withdrawProceeds = taggedInstruction({
  name: 'withdrawProceeds',
  tag: 17,
  docs: [
    'The seller, after a successful Finalize of a presale with a minimum raise: takes the escrow',
    'less the leaders’ commission and what was already withdrawn.',
  ],
  accounts: [
    account('seller', { signer: true, writable: true }, 'the presale’s seller, paid'),
    account('presale', { writable: true }, 'the presale account (its escrow)'),
  ],
});

/** Completion, distribution, refunds and proceeds, in tag order. */
export const DISTRIBUTION_INSTRUCTIONS: InstructionNode[] = [
  finalize,
  distribute,
  claim,
  refund,
  withdrawProceeds,
];
