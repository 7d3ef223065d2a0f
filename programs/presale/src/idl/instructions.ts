import {
  accountBumpValueNode,
  arrayTypeNode,
  booleanTypeNode,
  bytesTypeNode,
  fixedSizeTypeNode,
  numberTypeNode,
  prefixedCountNode,
  publicKeyTypeNode,
  remainderOptionTypeNode,
  sizePrefixTypeNode,
  stringTypeNode,
  structFieldTypeNode,
  structTypeNode,
  type InstructionAccountNode,
  type InstructionNode,
} from '@codama/nodes';
import {
  account,
  argument,
  associatedTokenOfBuyer,
  authorityOfPresale,
  buyerRecordOfBuyer,
  leaderRecordOfCode,
  rentSysvar,
  sellerAndPresale,
  systemProgram,
  taggedInstruction,
  tokenProgram,
} from './instruction-parts';
import { DISTRIBUTION_INSTRUCTIONS } from './distribution-instructions';
import { PRESALE_ACCOUNT_SIZE } from './accounts';

const u64 = () => numberTypeNode('u64');
const i64 = () => numberTypeNode('i64');
const leaderCode = () => sizePrefixTypeNode(stringTypeNode('utf8'), numberTypeNode('u8'));

/** The 11 accounts of every purchase (Buy and BuyWith), in the order the program reads them. */
const purchaseAccounts = (): InstructionAccountNode[] => [
  account('buyer', { signer: true, writable: true }, 'pays the lamports and the record’s rent'),
  account('presale', { writable: true }, 'the presale account'),
  account('seller', { writable: true }, 'the presale’s seller, paid directly'),
  account('tempTokenAccount', { writable: true }, 'the presale’s FBT vault'),
  account(
    'buyerTokenAccount',
    { writable: true },
    'the buyer’s FBT account',
    associatedTokenOfBuyer(),
  ),
  account('buyerRecord', { writable: true }, 'created on a first purchase', buyerRecordOfBuyer()),
  account('authority', {}, 'the vault’s owner', authorityOfPresale()),
  account('mint', {}, 'the FBT mint'),
  tokenProgram(),
  systemProgram(),
  rentSysvar(),
];

/** Initialize's optional tail: how the FBT reach the buyers (absent = instant, no terms). */
const deliveryTerms = () =>
  remainderOptionTypeNode(
    structTypeNode([
      structFieldTypeNode({
        name: 'deliveryMode',
        type: numberTypeNode('u8'),
        docs: ['0 = instant, 1 = at completion'],
      }),
      structFieldTypeNode({
        name: 'minimumRaise',
        type: u64(),
        docs: ['lamports the sale must reach, 0 = none (at completion only)'],
      }),
      structFieldTypeNode({
        name: 'unlockedAtCompletionBps',
        type: numberTypeNode('u16'),
        docs: ['share unlocked at completion, at most 10000 (10000 = no vesting)'],
      }),
      structFieldTypeNode({
        name: 'cliffSeconds',
        type: numberTypeNode('u32'),
        docs: ['seconds after completion before more unlocks, at most vestingSeconds'],
      }),
      structFieldTypeNode({
        name: 'vestingSeconds',
        type: numberTypeNode('u32'),
        docs: ['seconds after completion when all is unlocked (0 only with 10000 bps)'],
      }),
    ]),
  );

const initialize = taggedInstruction({
  name: 'initialize',
  tag: 0,
  docs: [
    'Links the vault (its owner becomes the authority PDA) and sets price and limits; with the',
    'optional delivery terms, an at-completion presale with a minimum raise and vesting.',
  ],
  accounts: [
    account('seller', { signer: true }, 'becomes the presale’s seller'),
    account(
      'presale',
      { signer: true, writable: true },
      `a new account of ${PRESALE_ACCOUNT_SIZE} bytes`,
    ),
    account('tempTokenAccount', { writable: true }, 'FBT vault, owned by the seller or authority'),
    account('mint', {}, 'the FBT mint'),
    account('authority', {}, 'the presale’s authority PDA', authorityOfPresale()),
    tokenProgram(),
  ],
  arguments: [
    argument('tokenPrice', u64(), 'lamports per whole FBT'),
    argument('minUserBuyable', u64(), 'smallest purchase'),
    argument('maxUserBuyable', u64(), 'most one buyer may spend'),
    argument('maxTotalBuyable', u64(), 'most the sale may take'),
    argument(
      'authorityBump',
      numberTypeNode('u8'),
      'the authority’s canonical bump',
      accountBumpValueNode('authority'),
    ),
    argument('active', booleanTypeNode(), 'open for purchases at once'),
    argument('terms', deliveryTerms(), 'optional: delivery mode, minimum raise and vesting'),
  ],
});

/**
 * The optional tail of every purchase: the latest sale end the buyer accepts. The program
 * refuses the buy when the presale ends later or has no end, so a seller cannot move the end
 * out from under a buyer between the buyer's read and the buy.
 */
const latestEnd = () =>
  argument(
    'latestEnd',
    remainderOptionTypeNode(i64()),
    'optional: unix seconds; refused (SaleEndMoved) if the sale ends later or never',
  );

const buy = taggedInstruction({
  name: 'buy',
  tag: 1,
  docs: [
    'The original purchase (9 bytes, the spec’s format), optionally bounded by the latest sale',
    'end the buyer accepts; refused on an allowlisted sale.',
  ],
  accounts: purchaseAccounts(),
  arguments: [argument('lamports', u64(), 'lamports to spend'), latestEnd()],
});

const setActive = taggedInstruction({
  name: 'setActive',
  tag: 2,
  docs: 'Pauses or resumes purchases.',
  accounts: sellerAndPresale(),
  arguments: [argument('active', booleanTypeNode(), 'purchases open')],
});

const updateLimits = taggedInstruction({
  name: 'updateLimits',
  tag: 3,
  docs: 'New limits (never below what is sold); the price is fixed.',
  accounts: sellerAndPresale(),
  arguments: [
    argument('minUserBuyable', u64(), 'smallest purchase'),
    argument('maxUserBuyable', u64(), 'most one buyer may spend'),
    argument('maxTotalBuyable', u64(), 'most the sale may take'),
  ],
});

const withdrawUnsold = taggedInstruction({
  name: 'withdrawUnsold',
  tag: 4,
  docs: 'Moves every unsold FBT out of the vault; only when paused or sold out.',
  accounts: [
    ...sellerAndPresale(false),
    account('tempTokenAccount', { writable: true }, 'the presale’s FBT vault'),
    account('destinationTokenAccount', { writable: true }, 'an FBT account receiving it all'),
    account('authority', {}, 'the vault’s owner', authorityOfPresale()),
    account('mint', {}, 'the FBT mint'),
    tokenProgram(),
  ],
});

const buyWith = taggedInstruction({
  name: 'buyWith',
  tag: 5,
  docs: [
    'The site’s purchase: may carry an allowlist proof, a leader record and the latest sale end',
    'the buyer accepts.',
  ],
  accounts: [
    ...purchaseAccounts(),
    account(
      'leaderRecord',
      { writable: true, optional: true },
      'a leader buy: takes 10%, passes the rest to the seller',
    ),
  ],
  arguments: [
    argument('lamports', u64(), 'lamports to spend'),
    argument(
      'allowlistProof',
      arrayTypeNode(
        fixedSizeTypeNode(bytesTypeNode(), 32),
        prefixedCountNode(numberTypeNode('u8')),
      ),
      'sibling hashes up to the allowlist root (at most 20)',
    ),
    latestEnd(),
  ],
});

const registerLeader = taggedInstruction({
  name: 'registerLeader',
  tag: 6,
  docs: 'Creates the leader record of a code (the seller pays its rent).',
  accounts: [
    account('seller', { signer: true, writable: true }, 'the presale’s seller, pays the rent'),
    account('presale', { writable: true }, 'the presale account'),
    account('leaderRecord', { writable: true }, 'the code’s PDA, created', leaderRecordOfCode()),
    account('leaderWallet', {}, 'earns on the code and claims'),
    systemProgram(),
    rentSysvar(),
  ],
  arguments: [argument('code', leaderCode(), 'the leader code (u8 length, then its bytes)')],
});

const claimCommission = taggedInstruction({
  name: 'claimCommission',
  tag: 7,
  docs: [
    'Pays the leader’s wallet everything above the record’s rent-exempt minimum; on a presale',
    'with a minimum raise, accrued minus claimed from its escrow once the sale succeeded.',
  ],
  accounts: [
    account('leaderWallet', { signer: true, writable: true }, 'the wallet the record names'),
    account('leaderRecord', { writable: true }, 'the leader record'),
    rentSysvar(),
    account(
      'presale',
      { writable: true, optional: true },
      'the record’s presale: required when its commission is in escrow',
    ),
  ],
});

const setLeaderActive = taggedInstruction({
  name: 'setLeaderActive',
  tag: 8,
  docs: 'Suspends or resumes a code; what it earned stays claimable.',
  accounts: [
    ...sellerAndPresale(false),
    account('leaderRecord', { writable: true }, 'the code’s record', leaderRecordOfCode()),
  ],
  arguments: [argument('active', booleanTypeNode(), 'the code takes leader buys')],
  extraArguments: [argument('code', stringTypeNode('utf8'), 'the code (derives the record)')],
});

const setAllowlist = taggedInstruction({
  name: 'setAllowlist',
  tag: 9,
  docs: 'Sets the allowlist’s Merkle root; zero opens the sale to everyone.',
  accounts: sellerAndPresale(),
  arguments: [
    argument('merkleRoot', fixedSizeTypeNode(bytesTypeNode(), 32), 'the root, zero = open'),
  ],
});

const setWindow = taggedInstruction({
  name: 'setWindow',
  tag: 10,
  docs: [
    'Buys are accepted from start until before end (start before end when both are set). At',
    'completion buys need an end, which, once anyone bought, may only come sooner.',
  ],
  accounts: sellerAndPresale(),
  arguments: [
    argument('saleStart', i64(), 'unix seconds, 0 = no start'),
    argument('saleEnd', i64(), 'unix seconds, 0 = no end'),
  ],
});

const proposeSeller = taggedInstruction({
  name: 'proposeSeller',
  tag: 11,
  docs: 'Names the next seller, who must accept; zero withdraws the proposal.',
  accounts: sellerAndPresale(),
  arguments: [argument('newSeller', publicKeyTypeNode(), 'the next seller, zero = none')],
});

const acceptSeller = taggedInstruction({
  name: 'acceptSeller',
  tag: 12,
  docs: 'The proposed seller takes over the presale and its proceeds.',
  accounts: [
    account('newSeller', { signer: true }, 'the proposed seller'),
    account('presale', { writable: true }, 'the presale account'),
  ],
});

/** Every instruction, in tag order. */
export const PRESALE_INSTRUCTIONS: InstructionNode[] = [
  initialize,
  buy,
  setActive,
  updateLimits,
  withdrawUnsold,
  buyWith,
  registerLeader,
  claimCommission,
  setLeaderActive,
  setAllowlist,
  setWindow,
  proposeSeller,
  acceptSeller,
  ...DISTRIBUTION_INSTRUCTIONS,
];
