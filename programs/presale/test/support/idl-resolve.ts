/**
 * Reads instructions and accounts the way an IDL-driven client would: Codama's dynamic codecs
 * for the bytes, and the IDL's default values (program ids, PDAs and their seeds, bumps) for the
 * accounts a caller does not name. The tests compare our web3.js client against this.
 */
import { getNodeCodec } from '@codama/dynamic-codecs';
import {
  getAllInstructionArguments,
  isNode,
  type AccountNode,
  type InstructionInputValueNode,
  type InstructionNode,
  type PdaNode,
  type PdaSeedNode,
  type RootNode,
} from '@codama/nodes';
import { createHash } from 'node:crypto';
import { PublicKey, type AccountMeta } from '@solana/web3.js';
import { readIdlConstants } from '../../src/idl/constants';
import { instructionTag } from '../../src/idl/layout';
import { readCommittedIdl } from '../../src/idl/presale-idl';

export const IDL: RootNode = readCommittedIdl();

/** Values as the dynamic codecs read them (bytes as `['base16', hex]`). */
export type IdlValue = Record<string, unknown>;

export function idlInstruction(name: string): InstructionNode {
  const node = IDL.program.instructions.find((instruction) => instruction.name === name);
  if (!node) throw new Error(`the IDL has no instruction ${name}`);
  return node;
}

export function idlAccount(name: string): AccountNode {
  const node = IDL.program.accounts.find((account) => account.name === name);
  if (!node) throw new Error(`the IDL has no account ${name}`);
  return node;
}

export const instructionDataCodec = (instruction: InstructionNode) =>
  getNodeCodec([IDL, IDL.program, instruction], { bytesEncoding: 'base16' });

export const accountDataCodec = (account: AccountNode) =>
  getNodeCodec([IDL, IDL.program, account], { bytesEncoding: 'base16' });

/**
 * One entry of Distribute's remaining accounts: a buyer, whose record and (associated, unless
 * named) token account an IDL-driven client derives with the IDL's PDAs, as Claim's are.
 */
export interface RemainingTarget {
  readonly buyer: PublicKey;
  readonly buyerTokenAccount?: PublicKey;
}

/** What a caller gives an IDL-driven builder: the accounts it names and the arguments. */
export interface IdlInputs {
  readonly accounts: Readonly<Record<string, PublicKey>>;
  readonly args: IdlValue;
  /** The buyers whose pairs follow the named accounts (Distribute). */
  readonly remaining?: readonly RemainingTarget[] | undefined;
}

/**
 * Distribute's (buyerRecord, buyerTokenAccount) pairs, each resolved as Claim's two accounts of
 * the same names are (Claim takes the same PDA and associated-token defaults for one buyer).
 */
function remainingPairs(
  name: string,
  programId: PublicKey,
  inputs: IdlInputs,
  head: ReadonlyMap<string, PublicKey>,
): AccountMeta[] {
  const remaining = idlInstruction(name).remainingAccounts ?? [];
  if (remaining.length === 0 || !inputs.remaining) return [];
  const writable = remaining.every((node) => node.isWritable === true);
  return inputs.remaining.flatMap((target) => {
    const accounts: Record<string, PublicKey> = {
      ...Object.fromEntries(head),
      buyer: target.buyer,
      ...(target.buyerTokenAccount ? { buyerTokenAccount: target.buyerTokenAccount } : {}),
    };
    const claim = buildFromIdl('claim', programId, { accounts, args: {} });
    const names: string[] = idlInstruction('claim').accounts.map((account) => account.name);
    return ['buyerRecord', 'buyerTokenAccount'].map((pairName) => {
      const meta = claim.keys[names.indexOf(pairName)];
      if (!meta) throw new Error(`claim resolves no ${pairName}`);
      return { pubkey: meta.pubkey, isSigner: false, isWritable: writable };
    });
  });
}

/** An instruction as the IDL builds it: its account metas and its data value (tag included). */
export interface IdlBuilt {
  readonly keys: AccountMeta[];
  readonly data: IdlValue;
}

const utf8 = new TextEncoder();

function seedBytes(seed: PdaSeedNode, value: unknown): Uint8Array {
  const type = seed.type;
  if (isNode(type, 'publicKeyTypeNode')) return (value as PublicKey).toBytes();
  if (isNode(type, 'stringTypeNode') && type.encoding === 'utf8') return utf8.encode(String(value));
  throw new Error(`no seed encoding for a ${type.kind}`);
}

/**
 * The IDL's one named resolver, `resolveBuyerRecordAddress`, written from its docs as an
 * integrator would: createAccountWithSeed's sha256(base || seed || owner) with the presale's
 * authority PDA (the IDL's `authority` PDA) as base and the lowercase hex of the buyer key's
 * first `buyerRecordSeedKeyBytes` bytes as seed.
 */
function resolveBuyerRecordAddress(
  programId: PublicKey,
  presale: PublicKey,
  buyer: PublicKey,
): PublicKey {
  const [authority] = PublicKey.findProgramAddressSync(
    [utf8.encode('authority'), presale.toBytes()],
    programId,
  );
  const keyBytes = readIdlConstants(IDL).buyerRecordSeedKeyBytes;
  const seed = Buffer.from(buyer.toBytes().subarray(0, keyBytes)).toString('hex');
  return new PublicKey(
    createHash('sha256')
      .update(authority.toBytes())
      .update(seed, 'utf8')
      .update(programId.toBytes())
      .digest(),
  );
}

/** Resolves an instruction's accounts and argument defaults from `inputs` and the IDL. */
export function buildFromIdl(name: string, programId: PublicKey, inputs: IdlInputs): IdlBuilt {
  const instruction = idlInstruction(name);
  const addresses = new Map<string, PublicKey>(Object.entries(inputs.accounts));
  const bumps = new Map<string, number>();
  const args: IdlValue = { ...inputs.args };

  const derive = (pda: PdaNode, values: Map<string, unknown>, owner: PublicKey) => {
    const seeds = pda.seeds.map((seed) => {
      if (isNode(seed, 'variablePdaSeedNode')) return seedBytes(seed, values.get(seed.name));
      if (isNode(seed.value, 'stringValueNode')) return utf8.encode(seed.value.string);
      throw new Error(`no constant seed encoding for a ${seed.value.kind}`);
    });
    return PublicKey.findProgramAddressSync(
      seeds,
      pda.programId ? new PublicKey(pda.programId) : owner,
    );
  };

  const resolve = (accountName: string): PublicKey | undefined => {
    const known = addresses.get(accountName);
    if (known) return known;
    const node = instruction.accounts.find((account) => account.name === accountName);
    const value: InstructionInputValueNode | undefined = node?.defaultValue;
    if (!value) return undefined;
    let address: PublicKey;
    if (isNode(value, 'publicKeyValueNode')) {
      address = new PublicKey(value.publicKey);
    } else if (isNode(value, 'pdaValueNode')) {
      const pda = isNode(value.pda, 'pdaNode')
        ? value.pda
        : IDL.program.pdas.find((candidate) => candidate.name === value.pda.name);
      if (!pda) throw new Error(`the IDL has no PDA for ${accountName}`);
      const values = new Map<string, unknown>();
      for (const seed of value.seeds) {
        if (isNode(seed.value, 'accountValueNode')) values.set(seed.name, resolve(seed.value.name));
        else if (isNode(seed.value, 'argumentValueNode'))
          values.set(seed.name, args[seed.value.name]);
      }
      const [derived, bump] = derive(pda, values, programId);
      bumps.set(accountName, bump);
      address = derived;
    } else if (isNode(value, 'resolverValueNode') && value.name === 'resolveBuyerRecordAddress') {
      const [presale, buyer] = (value.dependsOn ?? []).map((node) =>
        isNode(node, 'accountValueNode') ? resolve(node.name) : undefined,
      );
      if (!presale || !buyer) throw new Error(`${accountName} needs the presale and the buyer`);
      address = resolveBuyerRecordAddress(programId, presale, buyer);
    } else {
      throw new Error(`no default resolution for a ${value.kind}`);
    }
    addresses.set(accountName, address);
    return address;
  };

  const keys: AccountMeta[] = [];
  for (const account of instruction.accounts) {
    const address = resolve(account.name);
    if (!address) {
      if (account.isOptional) continue;
      throw new Error(`${name} needs account ${account.name}`);
    }
    keys.push({
      pubkey: address,
      isSigner: account.isSigner === true,
      isWritable: account.isWritable,
    });
  }
  for (const argument of getAllInstructionArguments(instruction)) {
    const value = argument.defaultValue;
    if (args[argument.name] !== undefined || !value) continue;
    if (isNode(value, 'accountBumpValueNode')) args[argument.name] = bumps.get(value.name);
  }
  keys.push(...remainingPairs(name, programId, inputs, addresses));
  const data: IdlValue = { discriminator: instructionTag(instruction) };
  for (const argument of instruction.arguments) {
    if (argument.name !== 'discriminator') data[argument.name] = args[argument.name];
  }
  return { keys, data };
}

/** Account metas as plain values, for comparisons. */
export const plainMetas = (keys: readonly AccountMeta[]) =>
  keys.map((key) => ({
    pubkey: key.pubkey.toBase58(),
    isSigner: key.isSigner,
    isWritable: key.isWritable,
  }));

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
