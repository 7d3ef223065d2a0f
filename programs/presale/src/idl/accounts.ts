import {
  accountNode,
  booleanTypeNode,
  bytesTypeNode,
  constantPdaSeedNodeFromString,
  fieldDiscriminatorNode,
  fixedSizeTypeNode,
  numberTypeNode,
  numberValueNode,
  pdaLinkNode,
  pdaNode,
  publicKeyTypeNode,
  sizeDiscriminatorNode,
  stringTypeNode,
  structFieldTypeNode,
  structTypeNode,
  variablePdaSeedNode,
  type AccountNode,
  type PdaNode,
  type StructFieldTypeNode,
  type TypeNode,
} from '@codama/nodes';

const u8 = () => numberTypeNode('u8');
const u16 = () => numberTypeNode('u16');
const u32 = () => numberTypeNode('u32');
const u64 = () => numberTypeNode('u64');
const i64 = () => numberTypeNode('i64');
const bytes = (size: number) => fixedSizeTypeNode(bytesTypeNode(), size);

/** A struct field; `docs` is what the program README shows for it. */
function field(name: string, type: TypeNode, docs: string): StructFieldTypeNode {
  return structFieldTypeNode({ name, type, docs: [docs] });
}

/** A field holding a fixed value the program writes (account kind, layout version). */
function tagField(name: string, value: number, docs: string): StructFieldTypeNode {
  return structFieldTypeNode({ name, type: u8(), defaultValue: numberValueNode(value), docs });
}

/**
 * Program addresses: the authority that owns each vault, and the leader records. A buyer record
 * is no PDA: it sits at a seeded address of the authority (its account docs say how).
 */
export const PRESALE_PDAS: PdaNode[] = [
  pdaNode({
    name: 'authority',
    docs: 'Owns the presale’s token vault and signs transfers out of it (canonical bump only).',
    seeds: [
      constantPdaSeedNodeFromString('utf8', 'authority'),
      variablePdaSeedNode('presale', publicKeyTypeNode()),
    ],
  }),
  pdaNode({
    name: 'leaderRecord',
    docs: 'A leader code on one presale: its wallet, totals and claimable commission.',
    seeds: [
      constantPdaSeedNodeFromString('utf8', 'leader'),
      variablePdaSeedNode('presale', publicKeyTypeNode()),
      variablePdaSeedNode('code', stringTypeNode('utf8')),
    ],
  }),
];

/** Size of a presale account (layout version 3). */
export const PRESALE_ACCOUNT_SIZE = 408;

const presaleAccount = accountNode({
  name: 'presaleAccount',
  size: PRESALE_ACCOUNT_SIZE,
  docs: [
    'Presale state, owned by the program; the seller creates it (a new keypair) in the',
    'Initialize transaction. Bytes 0..106 are the base layout every version keeps; layout version 2',
    'appended the rules (to 288 bytes), version 3 the delivery, completion and escrow (to 408).',
    'With a minimum raise, its lamports above the rent-exempt minimum are the buys’ escrow.',
  ],
  discriminators: [
    sizeDiscriminatorNode(PRESALE_ACCOUNT_SIZE),
    fieldDiscriminatorNode('kind', 106),
  ],
  data: structTypeNode([
    field('isInitialized', booleanTypeNode(), 'set by Initialize'),
    field('isActived', booleanTypeNode(), 'purchases open (SetActive)'),
    field('seller', publicKeyTypeNode(), 'sellerPubkey: receives the SOL, administers the sale'),
    field('tempTokenAccount', publicKeyTypeNode(), 'tempTokenAccountPubkey: the FBT vault'),
    field('tokenPrice', u64(), 'lamports per whole FBT'),
    field('maxUserBuyable', u64(), 'lamports one buyer may spend in total'),
    field('minUserBuyable', u64(), 'smallest purchase, lamports'),
    field('maxTotalBuyable', u64(), 'lamports the whole sale may take'),
    field('currentTotalSold', u64(), 'lamports taken so far'),
    tagField('kind', 1, 'account kind: 1 = presale'),
    tagField('version', 3, 'layout version'),
    field('authorityBump', u8(), 'canonical bump of the authority PDA'),
    field('decimals', u8(), 'the mint’s decimals (at most 9)'),
    field('reserved', bytes(2), 'zero'),
    field('mint', publicKeyTypeNode(), 'the FBT mint'),
    field('authority', publicKeyTypeNode(), 'the authority PDA'),
    field('tokensSold', u64(), 'FBT base units bought (instant: delivered in the buy)'),
    field('buyerCount', u64(), 'buyer records created'),
    field('saleStart', i64(), 'unix seconds buys open from, 0 = no start'),
    field('saleEnd', i64(), 'unix seconds buys close at, 0 = no end'),
    field('allowlistRoot', bytes(32), 'Merkle root of allowed wallets, zero = open sale'),
    field('pendingSeller', publicKeyTypeNode(), 'proposed next seller, zero = none'),
    field('leaderCount', u64(), 'leader records registered'),
    field('leaderCommission', u64(), 'lamports of commission buys credited to leader records'),
    field(
      'deliveryMode',
      u8(),
      '0 = instant (FBT in the buy), 1 = at completion (Distribute, Claim)',
    ),
    field('status', u8(), '0 open, 1 sold out (awaiting Finalize), 2 succeeded, 3 failed'),
    field('unlockedAtCompletionBps', u16(), 'share of each buyer’s FBT unlocked at completion'),
    field('cliffSeconds', u32(), 'nothing more unlocks before completedAt + cliff'),
    field('vestingSeconds', u32(), 'the rest unlocks linearly until completedAt + this'),
    field('reserved2', bytes(4), 'zero'),
    field('minimumRaise', u64(), 'lamports the sale must reach, 0 = none (else SOL is escrowed)'),
    field('completedAt', i64(), 'vesting start: when it sold out, else the window’s end'),
    field('tokensOwed', u64(), 'FBT bought and not yet delivered, kept in the vault'),
    field('tokensDelivered', u64(), 'FBT moved to buyers by Distribute and Claim'),
    field('escrowLamports', u64(), 'lamports held in escrow by this account'),
    field('refundedLamports', u64(), 'lamports Refund returned to buyers'),
    field('proceedsWithdrawn', u64(), 'lamports WithdrawProceeds paid the seller'),
    field('buyersDelivered', u64(), 'buyer records whose FBT were all delivered'),
    field('buyersRefunded', u64(), 'buyer records refunded and closed'),
    field('reserved3', bytes(32), 'zero'),
  ]),
});

const buyerRecord = accountNode({
  name: 'buyerRecord',
  size: 96,
  docs: [
    'Created on a buyer’s first purchase; its first 8 bytes are fbtBuyedAmount (lamports spent).',
    'Its address is createAccountWithSeed’s: sha256(authority || seed || program id), the base',
    'being the presale’s authority PDA (only the program signs for it) and the seed the lowercase',
    'hex of the buyer key’s first 16 bytes; one per buyer, found with one hash whatever the wallet.',
    'Version 1 records were 88 bytes (no tokensDelivered); up to version 2 they were PDAs',
    '["buyer", presale, buyer] and byte 73 their bump. Refund zeroes and closes it.',
  ],
  discriminators: [sizeDiscriminatorNode(96), fieldDiscriminatorNode('kind', 72)],
  data: structTypeNode([
    field('lamportsSpent', u64(), 'fbtBuyedAmount: lamports this buyer spent'),
    field('presale', publicKeyTypeNode(), 'the presale account'),
    field('buyer', publicKeyTypeNode(), 'the buyer’s wallet'),
    tagField('kind', 2, 'account kind: 2 = buyer record'),
    field('reserved', bytes(1), 'zero (the PDA bump up to layout version 2)'),
    tagField('version', 3, 'layout version'),
    field('reserved2', bytes(5), 'zero'),
    field(
      'tokensReceived',
      u64(),
      'FBT base units bought (instant: received; at completion: owed)',
    ),
    field('tokensDelivered', u64(), 'at completion: FBT base units delivered so far'),
  ]),
});

const leaderRecord = accountNode({
  name: 'leaderRecord',
  size: 136,
  docs: [
    'Created by RegisterLeader; its lamports above the rent-exempt minimum are the claimable',
    'commission (solsClaimable = accrued - claimed), except on a presale with a minimum raise,',
    'whose escrow holds the commission until the sale succeeds.',
  ],
  pda: pdaLinkNode('leaderRecord'),
  discriminators: [sizeDiscriminatorNode(136), fieldDiscriminatorNode('kind', 0)],
  data: structTypeNode([
    tagField('kind', 3, 'account kind: 3 = leader record'),
    field('bump', u8(), 'the record’s canonical bump'),
    tagField('version', 2, 'layout version'),
    field('active', booleanTypeNode(), '0 once the seller suspended the code'),
    field('codeLength', u8(), 'bytes of the code'),
    field(
      'commissionInEscrow',
      booleanTypeNode(),
      'the presale has a minimum raise: the commission is paid from its escrow',
    ),
    field('reserved', bytes(2), 'zero'),
    field('presale', publicKeyTypeNode(), 'the presale account'),
    field('wallet', publicKeyTypeNode(), 'the leader’s wallet, paid by ClaimCommission'),
    field('code', fixedSizeTypeNode(stringTypeNode('utf8'), 32), 'the code, zero-padded'),
    field('volume', u64(), 'lamports bought through the code'),
    field('buys', u64(), 'purchases through the code'),
    field('accrued', u64(), 'solsEarned: commission earned'),
    field('claimed', u64(), 'commission paid out'),
  ]),
});

/** The three kinds of account the program owns, in kind order. */
export const PRESALE_ACCOUNTS: AccountNode[] = [presaleAccount, buyerRecord, leaderRecord];
