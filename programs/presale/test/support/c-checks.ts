import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BPF_CFLAGS, CLANG, ensureClang } from '@fbt/sbpf-link';
import type { RootNode } from '@codama/nodes';
import { PROGRAM_PACKAGE_DIR } from '../../src/artifacts';
import { readIdlConstants } from '../../src/idl/constants';
import {
  accountCounts,
  accountLayout,
  fieldConstant,
  instructionDataSize,
  instructionTag,
} from '../../src/idl/layout';

/** `buyWith` -> `BUY_WITH`: how presale.h spells an IDL name. */
export const screamingSnake = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** The presale.h names of each IDL account: field prefix, size, kind and version macros. */
const ACCOUNT_MACROS: Readonly<
  Record<string, { prefix: string; size: string; kind: string; version: string }>
> = {
  presaleAccount: {
    prefix: 'PS_',
    size: 'PRESALE_ACCOUNT_SIZE',
    kind: 'ACCOUNT_KIND_PRESALE',
    version: 'PRESALE_LAYOUT_VERSION',
  },
  buyerRecord: {
    prefix: 'BR_',
    size: 'BUYER_RECORD_SIZE',
    kind: 'ACCOUNT_KIND_BUYER_RECORD',
    version: 'BUYER_RECORD_LAYOUT_VERSION',
  },
  leaderRecord: {
    prefix: 'LR_',
    size: 'LEADER_RECORD_SIZE',
    kind: 'ACCOUNT_KIND_LEADER_RECORD',
    version: 'LEADER_RECORD_LAYOUT_VERSION',
  },
};

/** One fact of the IDL as a C constant expression presale.h must satisfy. */
export interface HeaderFact {
  readonly macro: string;
  readonly expression: string;
  readonly what: string;
}

const equals = (macro: string, value: number, what: string): HeaderFact => ({
  macro,
  expression: `${macro} == ${value}`,
  what,
});

function instructionFacts(root: RootNode): HeaderFact[] {
  return root.program.instructions.flatMap((instruction) => {
    const name = screamingSnake(instruction.name);
    const data = instructionDataSize(root, instruction);
    const counts = accountCounts(instruction);
    const facts = [
      equals(`IX_${name}`, instructionTag(instruction), `${instruction.name}'s tag`),
      data.fixed
        ? equals(`${name}_DATA_LEN`, data.bytes, `${instruction.name}'s data length`)
        : equals(`${name}_MIN_DATA_LEN`, data.bytes, `${instruction.name}'s shortest data`),
      equals(`${name}_ACCOUNT_COUNT`, counts.required, `${instruction.name}'s account count`),
    ];
    if (!data.fixed && data.maxBytes !== null) {
      facts.push(
        equals(`${name}_MAX_DATA_LEN`, data.maxBytes, `${instruction.name}'s longest data`),
      );
    }
    if (counts.max !== counts.required) {
      facts.push(equals(`${name}_MAX_ACCOUNT_COUNT`, counts.max, `${instruction.name}'s most`));
    }
    return facts;
  });
}

function accountFacts(root: RootNode): HeaderFact[] {
  return root.program.accounts.flatMap((account) => {
    const macros = ACCOUNT_MACROS[account.name];
    if (!macros) throw new Error(`presale.h has no names for the IDL account ${account.name}`);
    const layout = accountLayout(root, account);
    const fields = layout.fields
      .filter((field) => !field.name.startsWith('reserved'))
      .map((field) =>
        equals(
          `${macros.prefix}${screamingSnake(field.name)}`,
          field.offset,
          `${account.name}.${field.name}'s offset`,
        ),
      );
    const kind = fieldConstant(account, 'kind');
    const version = fieldConstant(account, 'version');
    if (kind === null || version === null) throw new Error(`${account.name} has no kind/version`);
    return [
      equals(macros.size, layout.size, `${account.name}'s size`),
      ...fields,
      equals(macros.kind, kind, `${account.name}'s kind`),
      equals(macros.version, version, `${account.name}'s layout version`),
    ];
  });
}

function constantFacts(root: RootNode): HeaderFact[] {
  const constants = readIdlConstants(root);
  const allowed = new RegExp(`^[${constants.leaderCodeCharacters}]$`);
  const characters = Array.from({ length: 256 }, (_, byte) => {
    const valid = allowed.test(String.fromCharCode(byte)) ? 1 : 0;
    return {
      macro: 'LEADER_CODE_CHAR_IS_VALID',
      expression: `(LEADER_CODE_CHAR_IS_VALID(${byte}) ? 1 : 0) == ${valid}`,
      what: `byte ${byte} is ${valid ? '' : 'not '}a leader code character`,
    };
  });
  return [
    equals('LEADER_COMMISSION_BPS', constants.leaderCommissionBps, 'the leader commission'),
    equals('BPS_PER_WHOLE', constants.bpsPerWhole, 'basis points in a whole'),
    equals('MIN_LEADER_CODE_LEN', constants.leaderCodeMinLength, 'the shortest leader code'),
    equals('MAX_LEADER_CODE_LEN', constants.leaderCodeMaxLength, 'the longest leader code'),
    equals('MAX_PROOF_DEPTH', constants.maxAllowlistProofDepth, 'the deepest allowlist proof'),
    equals('DISTRIBUTE_MAX_BUYERS', constants.maxDistributeBuyers, 'the most buyers distributed'),
    equals(
      'BUYER_RECORD_SEED_KEY_BYTES',
      constants.buyerRecordSeedKeyBytes,
      'the buyer key bytes of a record seed',
    ),
    equals('DELIVERY_INSTANT', constants.deliveryInstant, 'the instant delivery mode'),
    equals('DELIVERY_AT_COMPLETION', constants.deliveryAtCompletion, 'the at-completion mode'),
    equals('SALE_OPEN', constants.saleOpen, 'the open status'),
    equals('SALE_SOLD_OUT', constants.saleSoldOut, 'the sold-out status'),
    equals('SALE_SUCCEEDED', constants.saleSucceeded, 'the succeeded status'),
    equals('SALE_FAILED', constants.saleFailed, 'the failed status'),
    ...characters,
  ];
}

function errorFacts(root: RootNode): HeaderFact[] {
  return root.program.errors.map((error) =>
    equals(`E_${screamingSnake(error.name)}`, error.code, `error ${error.name}'s code`),
  );
}

/** Every number presale.h must agree on with the IDL. */
export function headerFacts(root: RootNode): HeaderFact[] {
  return [
    ...instructionFacts(root),
    ...accountFacts(root),
    ...constantFacts(root),
    ...errorFacts(root),
  ];
}

/** A C file of `_Static_assert`s, one per fact, to compile against presale.h. */
export function staticAssertSource(root: RootNode): string {
  const lines = headerFacts(root).map(
    (fact) => `_Static_assert(${fact.expression}, "IDL: ${fact.what}");`,
  );
  return `/* Generated from the presale IDL: each line is one of its numbers. */\n#include "presale.h"\n\n${lines.join('\n')}\n`;
}

/**
 * Compiles {@link staticAssertSource} against `c/presale.h` for the program's target with
 * clang-19 (syntax only). Throws clang's diagnostics on any disagreement, and says how to
 * install clang-19 when it is missing (never skips).
 */
export function checkHeaderAgainstIdl(root: RootNode, cDir = join(PROGRAM_PACKAGE_DIR, 'c')): void {
  ensureClang({ install: false });
  const work = mkdtempSync(join(tmpdir(), 'fbt-idl-header-'));
  try {
    const source = join(work, 'idl-checks.c');
    writeFileSync(source, staticAssertSource(root));
    // The header's static helpers are unused here; every other warning stays an error.
    const flags = [...BPF_CFLAGS, '-Wno-unused-function', '-fsyntax-only'];
    execFileSync(CLANG, [...flags, '-I', cDir, source], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString();
    throw new Error(stderr ? `presale.h disagrees with the IDL:\n${stderr}` : String(error), {
      cause: error,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The names presale.h defines in the families the IDL describes (instruction tags, data
 * lengths, account counts, field offsets, errors), for the check that the header has none the
 * IDL lacks.
 */
export function headerNames(header: string): string[] {
  const defines = [
    ...header.matchAll(
      /^#define ((?:PS|BR|LR|DELIVERY|SALE)_\w+|\w+_DATA_LEN|\w+_ACCOUNT_COUNT|\w+_MAX_BUYERS)\b/gm,
    ),
  ];
  const enums = [...header.matchAll(/^\s+((?:IX|E)_\w+) = \d+,/gm)];
  return [...defines, ...enums].map((match) => match[1] ?? '');
}
