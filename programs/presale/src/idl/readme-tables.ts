import {
  isNode,
  pascalCase,
  type InstructionAccountNode,
  type InstructionNode,
  type PdaSeedNode,
  type RootNode,
  type TypeNode,
} from '@codama/nodes';
import { accountLayout, fieldConstant, instructionTag } from './layout';

/** The README sections the IDL writes, each between `<!-- idl:NAME -->` markers. */
export const IDL_SECTIONS = ['instructions', 'accounts', 'errors'] as const;
export type IdlSection = (typeof IDL_SECTIONS)[number];

/** A short spelling of a type for the tables: `u64`, `pubkey`, `bytes[32]`, ... */
export function typeLabel(type: TypeNode): string {
  if (isNode(type, 'numberTypeNode')) return type.format;
  if (isNode(type, 'booleanTypeNode')) return 'bool';
  if (isNode(type, 'publicKeyTypeNode')) return 'pubkey';
  if (isNode(type, 'fixedSizeTypeNode')) {
    return isNode(type.type, 'stringTypeNode') ? `utf8[${type.size}]` : `bytes[${type.size}]`;
  }
  if (isNode(type, 'sizePrefixTypeNode')) return `${typeLabel(type.prefix)} length + utf8`;
  if (isNode(type, 'stringTypeNode')) return 'utf8';
  if (isNode(type, 'arrayTypeNode') && isNode(type.count, 'prefixedCountNode')) {
    return `${typeLabel(type.count.prefix)} count + count × ${typeLabel(type.item)}`;
  }
  if (isNode(type, 'arrayTypeNode') && isNode(type.count, 'remainderCountNode')) {
    return `${typeLabel(type.item)} × n`;
  }
  if (isNode(type, 'structTypeNode')) {
    return `{ ${type.fields.map((field) => `${field.name} ${typeLabel(field.type)}`).join(', ')} }`;
  }
  if (isNode(type, 'remainderOptionTypeNode')) return `optional ${typeLabel(type.item)}`;
  throw new Error(`no table spelling for a ${type.kind}`);
}

const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

function accountLabel(account: InstructionAccountNode): string {
  const flags = [
    account.isSigner === true ? 's' : '',
    account.isWritable ? 'w' : '',
    account.isOptional ? 'optional' : '',
  ].filter(Boolean);
  return flags.length === 0 ? account.name : `${account.name} [${flags.join(', ')}]`;
}

/** The accounts that follow the named ones (Distribute's pairs), as the table shows them. */
function remainingLabel(instruction: InstructionNode): string[] {
  return (instruction.remainingAccounts ?? []).map((remaining) => {
    const flags = [remaining.isSigner === true ? 's' : '', remaining.isWritable ? 'w' : '']
      .filter(Boolean)
      .join(', ');
    const name = isNode(remaining.value, 'argumentValueNode') ? remaining.value.name : 'more';
    return `then ${name}${flags ? ` [${flags}]` : ''}: ${(remaining.docs ?? []).join(' ')}`;
  });
}

function instructionsSection(root: RootNode): string {
  const rows = root.program.instructions.map((instruction) => {
    const data = instruction.arguments
      .filter((argument) => argument.name !== 'discriminator')
      .map((argument) => `${argument.name} ${typeLabel(argument.type)}`);
    return [
      instructionTag(instruction),
      pascalCase(instruction.name),
      data.length === 0 ? '–' : data.join(', '),
      [...instruction.accounts.map(accountLabel), ...remainingLabel(instruction)].join(', '),
    ];
  });
  return table(
    ['tag', 'name', 'data after the tag byte', 'accounts ([s] signer, [w] writable)'],
    rows,
  );
}

function seedLabel(seed: PdaSeedNode): string {
  if (isNode(seed, 'variablePdaSeedNode')) return `${seed.name} (${typeLabel(seed.type)})`;
  return isNode(seed.value, 'stringValueNode') ? `"${seed.value.string}"` : seed.value.kind;
}

function accountsSection(root: RootNode): string {
  const pdas = table(
    ['PDA', 'seeds', 'what it is'],
    root.program.pdas.map((pda) => [
      pda.name,
      pda.seeds.map(seedLabel).join(', '),
      pda.docs?.join(' ') ?? '',
    ]),
  );
  const layouts = root.program.accounts.map((account) => {
    const layout = accountLayout(root, account);
    const kind = fieldConstant(account, 'kind');
    const title = `**${account.name}** (${layout.size} bytes, kind ${String(kind)}): ${(account.docs ?? []).join(' ')}`;
    const rows = layout.fields.map((field) => [
      field.offset,
      field.name,
      typeLabel(field.type),
      field.docs.join(' '),
    ]);
    return `${title}\n\n${table(['offset', 'field', 'type', 'meaning'], rows)}`;
  });
  return [pdas, ...layouts].join('\n\n');
}

function errorsSection(root: RootNode): string {
  const rows = root.program.errors.map((error) => [
    error.code,
    `0x${error.code.toString(16)}`,
    pascalCase(error.name),
    error.message,
  ]);
  return table(['code', 'hex', 'name', 'meaning'], rows);
}

/** Each section's markdown as the IDL states it (before formatting). */
export function renderIdlSections(root: RootNode): Record<IdlSection, string> {
  return {
    instructions: instructionsSection(root),
    accounts: accountsSection(root),
    errors: errorsSection(root),
  };
}

const sectionPattern = (name: IdlSection): RegExp =>
  new RegExp(`(<!-- idl:${name} -->)([\\s\\S]*?)(<!-- /idl:${name} -->)`);

/** The text between a section's markers in `markdown`; throws when the markers are missing. */
export function readSection(markdown: string, name: IdlSection): string {
  const match = sectionPattern(name).exec(markdown);
  if (!match) throw new Error(`the README has no <!-- idl:${name} --> section`);
  return (match[2] ?? '').trim();
}

/** `markdown` with each section's text replaced. */
export function replaceSections(
  markdown: string,
  sections: Readonly<Record<IdlSection, string>>,
): string {
  return IDL_SECTIONS.reduce((text, name) => {
    readSection(text, name);
    return text.replace(
      sectionPattern(name),
      (_all, open: string, _old, close: string) =>
        `${open}\n\n${sections[name].trim()}\n\n${close}`,
    );
  }, markdown);
}
