import {
  accountValueNode,
  argumentValueNode,
  fieldDiscriminatorNode,
  instructionAccountNode,
  instructionArgumentNode,
  instructionNode,
  numberTypeNode,
  numberValueNode,
  pdaLinkNode,
  pdaNode,
  pdaSeedValueNode,
  pdaValueNode,
  publicKeyTypeNode,
  publicKeyValueNode,
  resolverValueNode,
  variablePdaSeedNode,
  type InstructionAccountNode,
  type InstructionArgumentNode,
  type InstructionInputValueNode,
  type InstructionNode,
  type InstructionRemainingAccountsNode,
  type TypeNode,
} from '@codama/nodes';

/** SPL Token, the default token program (a Token-2022 mint names Token-2022 instead). */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** The System program. */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111';
/** The Rent sysvar. */
export const RENT_SYSVAR_ADDRESS = 'SysvarRent111111111111111111111111111111111';
/** The Associated Token Account program (a buyer's default FBT account). */
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

/** How an account is passed: [s] signer, [w] writable, optional (may be left out). */
export interface AccountFlags {
  readonly signer?: boolean;
  readonly writable?: boolean;
  readonly optional?: boolean;
}

/** An instruction account with its flags, docs and, where it is derived, its default. */
export function account(
  name: string,
  flags: AccountFlags,
  docs: string,
  defaultValue?: InstructionInputValueNode,
): InstructionAccountNode {
  return instructionAccountNode({
    name,
    isSigner: flags.signer ?? false,
    isWritable: flags.writable ?? false,
    ...(flags.optional ? { isOptional: true } : {}),
    docs: [docs],
    ...(defaultValue ? { defaultValue } : {}),
  });
}

/** An instruction argument (data field after the tag), in data order. */
export function argument(
  name: string,
  type: TypeNode,
  docs: string,
  defaultValue?: InstructionInputValueNode,
): InstructionArgumentNode {
  return instructionArgumentNode({
    name,
    type,
    docs: [docs],
    ...(defaultValue ? { defaultValue } : {}),
  });
}

/**
 * An instruction whose data starts with its tag byte: the `discriminator` argument (u8, the
 * tag, omitted from a client's inputs) and a field discriminator on it.
 */
export function taggedInstruction(input: {
  readonly name: string;
  readonly tag: number;
  readonly docs: string | string[];
  readonly accounts: InstructionAccountNode[];
  readonly arguments?: InstructionArgumentNode[];
  readonly extraArguments?: InstructionArgumentNode[];
  readonly remainingAccounts?: InstructionRemainingAccountsNode[];
}): InstructionNode {
  return instructionNode({
    name: input.name,
    docs: input.docs,
    optionalAccountStrategy: 'omitted',
    accounts: input.accounts,
    arguments: [
      instructionArgumentNode({
        name: 'discriminator',
        type: numberTypeNode('u8'),
        defaultValue: numberValueNode(input.tag),
        defaultValueStrategy: 'omitted',
      }),
      ...(input.arguments ?? []),
    ],
    ...(input.extraArguments ? { extraArguments: input.extraArguments } : {}),
    ...(input.remainingAccounts ? { remainingAccounts: input.remainingAccounts } : {}),
    discriminators: [fieldDiscriminatorNode('discriminator')],
  });
}

/** The presale's authority PDA, ["authority", presale]. */
export const authorityOfPresale = (): InstructionInputValueNode =>
  pdaValueNode(pdaLinkNode('authority'), [
    pdaSeedValueNode('presale', accountValueNode('presale')),
  ]);

/**
 * The buyer's record: createAccountWithSeed's address, which Codama's PDA nodes cannot state, so
 * a named resolver (the buyerRecord account's docs and the constant buyerRecordSeedKeyBytes say
 * how it is computed).
 */
export const buyerRecordOfBuyer = (): InstructionInputValueNode =>
  resolverValueNode('resolveBuyerRecordAddress', {
    dependsOn: [accountValueNode('presale'), accountValueNode('buyer')],
    docs: [
      'sha256(authority || seed || program id): base = the presale’s authority PDA, seed = the',
      'lowercase hex of the buyer key’s first buyerRecordSeedKeyBytes bytes, owner = the program',
    ],
  });

/** The code's leader record PDA, ["leader", presale, code], the code being an argument. */
export const leaderRecordOfCode = (): InstructionInputValueNode =>
  pdaValueNode(pdaLinkNode('leaderRecord'), [
    pdaSeedValueNode('presale', accountValueNode('presale')),
    pdaSeedValueNode('code', argumentValueNode('code')),
  ]);

/** The buyer's associated token account of the mint (the default place FBT is delivered). */
export const associatedTokenOfBuyer = (): InstructionInputValueNode =>
  pdaValueNode(
    pdaNode({
      name: 'associatedToken',
      programId: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      seeds: [
        variablePdaSeedNode('owner', publicKeyTypeNode()),
        variablePdaSeedNode('tokenProgram', publicKeyTypeNode()),
        variablePdaSeedNode('mint', publicKeyTypeNode()),
      ],
    }),
    [
      pdaSeedValueNode('owner', accountValueNode('buyer')),
      pdaSeedValueNode('tokenProgram', accountValueNode('tokenProgram')),
      pdaSeedValueNode('mint', accountValueNode('mint')),
    ],
  );

export const tokenProgram = (): InstructionAccountNode =>
  account(
    'tokenProgram',
    {},
    'the program that owns the mint: SPL Token (the default) or Token-2022',
    publicKeyValueNode(TOKEN_PROGRAM_ADDRESS, 'splToken'),
  );
export const systemProgram = (): InstructionAccountNode =>
  account('systemProgram', {}, 'System program', publicKeyValueNode(SYSTEM_PROGRAM_ADDRESS));
export const rentSysvar = (): InstructionAccountNode =>
  account('rent', {}, 'Rent sysvar', publicKeyValueNode(RENT_SYSVAR_ADDRESS, 'sysvarRent'));

/** The seller signing an administrative instruction, and the presale it changes. */
export const sellerAndPresale = (presaleWritable = true): InstructionAccountNode[] => [
  account('seller', { signer: true }, 'the presale’s seller'),
  account('presale', { writable: presaleWritable }, 'the presale account'),
];
