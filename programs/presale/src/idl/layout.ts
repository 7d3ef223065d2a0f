import {
  getAllInstructionArguments,
  isNode,
  type AccountNode,
  type InstructionNode,
  type RootNode,
  type StructTypeNode,
  type TypeNode,
} from '@codama/nodes';
import {
  getByteSizeVisitor,
  getRecordLinkablesVisitor,
  LinkableDictionary,
  visit,
} from '@codama/visitors-core';

/** One field of an account layout: where it starts and how many bytes it takes. */
export interface FieldLayout {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
  readonly type: TypeNode;
  readonly docs: readonly string[];
}

/** A fixed-size byte layout computed from the IDL's types. */
export interface AccountLayout {
  readonly name: string;
  readonly size: number;
  readonly fields: readonly FieldLayout[];
}

function byteSizer(root: RootNode): (type: TypeNode) => number | null {
  const linkables = new LinkableDictionary();
  visit(root, getRecordLinkablesVisitor(linkables));
  const visitor = getByteSizeVisitor(linkables);
  return (type) => visit(type, visitor);
}

function structOf(account: AccountNode): StructTypeNode {
  if (!isNode(account.data, 'structTypeNode')) {
    throw new Error(`account ${account.name} is not a plain struct`);
  }
  return account.data;
}

/**
 * Offsets and sizes of an account's fields, in order, from the byte size of each type; throws
 * when a field has no fixed size or the fields do not add up to the account's declared size.
 */
export function accountLayout(root: RootNode, account: AccountNode): AccountLayout {
  const sizeOf = byteSizer(root);
  let offset = 0;
  const fields = structOf(account).fields.map((field) => {
    const size = sizeOf(field.type);
    if (size === null) throw new Error(`${account.name}.${field.name} has no fixed size`);
    const layout = { name: field.name, offset, size, type: field.type, docs: field.docs ?? [] };
    offset += size;
    return layout;
  });
  if (account.size !== offset) {
    throw new Error(
      `${account.name} declares ${String(account.size)} bytes, its fields take ${offset}`,
    );
  }
  return { name: account.name, size: offset, fields };
}

/** Fewest bytes a value of `type` can take (its fixed size, or an empty prefixed payload). */
function minimumSize(type: TypeNode, sizeOf: (type: TypeNode) => number | null): number {
  const fixed = sizeOf(type);
  if (fixed !== null) return fixed;
  if (isNode(type, 'sizePrefixTypeNode')) return minimumSize(type.prefix, sizeOf);
  if (isNode(type, 'remainderOptionTypeNode')) return 0;
  if (isNode(type, 'arrayTypeNode') && isNode(type.count, 'prefixedCountNode')) {
    return minimumSize(type.count.prefix, sizeOf);
  }
  throw new Error(`no minimum size known for a ${type.kind}`);
}

/**
 * An instruction's data length: exact when every argument has a fixed size, else its minimum;
 * `maxBytes` is its longest when only optional tails (remainder options of a fixed size) vary.
 */
export interface InstructionDataSize {
  readonly fixed: boolean;
  readonly bytes: number;
  readonly maxBytes: number | null;
}

/** The most bytes a value of `type` can take, when that is bounded. */
function maximumSize(type: TypeNode, sizeOf: (type: TypeNode) => number | null): number | null {
  if (isNode(type, 'remainderOptionTypeNode')) return sizeOf(type.item);
  return sizeOf(type);
}

export function instructionDataSize(
  root: RootNode,
  instruction: InstructionNode,
): InstructionDataSize {
  const sizeOf = byteSizer(root);
  const types = instruction.arguments.map((argument) => argument.type);
  const sizes = types.map((type) => sizeOf(type));
  if (sizes.every((size) => size !== null)) {
    const bytes = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
    return { fixed: true, bytes, maxBytes: bytes };
  }
  const maxima = types.map((type) => maximumSize(type, sizeOf));
  return {
    fixed: false,
    bytes: types.reduce((sum, type) => sum + minimumSize(type, sizeOf), 0),
    maxBytes: maxima.every((size) => size !== null)
      ? maxima.reduce<number>((sum, size) => sum + (size ?? 0), 0)
      : null,
  };
}

/** An instruction's tag: the default value of its `discriminator` argument. */
export function instructionTag(instruction: InstructionNode): number {
  const tag = getAllInstructionArguments(instruction).find((a) => a.name === 'discriminator');
  if (!tag?.defaultValue || !isNode(tag.defaultValue, 'numberValueNode')) {
    throw new Error(`instruction ${instruction.name} has no tag`);
  }
  return tag.defaultValue.number;
}

/** Accounts an instruction always takes, and at most (with its optional accounts). */
export function accountCounts(instruction: InstructionNode): { required: number; max: number } {
  const required = instruction.accounts.filter((account) => account.isOptional !== true).length;
  return { required, max: instruction.accounts.length };
}

/** The value a field is always written with (account kind, layout version), if any. */
export function fieldConstant(account: AccountNode, name: string): number | null {
  const field = structOf(account).fields.find((f) => f.name === name);
  return field?.defaultValue && isNode(field.defaultValue, 'numberValueNode')
    ? field.defaultValue.number
    : null;
}
