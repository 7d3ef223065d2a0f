import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// The layer rules are syntactic; type information is not needed to prove them, and probes are
// virtual files that no tsconfig knows.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('when packages/domain reaches for I/O, lint fails', () => {
  it.each([
    ['a node: module', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    [
      'a bare Node builtin',
      "import { createServer } from 'http';\nexport const x = createServer;\n",
    ],
    [
      'an I/O library',
      "import { Connection } from '@solana/web3.js';\nexport const x = Connection;\n",
    ],
    ['an outer layer', "import * as a from '@fbt/adapters';\nexport const x = a;\n"],
  ])('importing %s is refused', async (_name, code) => {
    expect(await ruleIdsFor('packages/domain/src/probe.ts', code)).toContain(
      'no-restricted-imports',
    );
  });

  it.each([
    ['fetch', "export const get = () => fetch('https://example.com');\n"],
    ['process.env', 'export const env = process.env.X;\n'],
  ])('using %s is refused', async (_name, code) => {
    expect(await ruleIdsFor('packages/domain/src/probe.ts', code)).toContain(
      'no-restricted-globals',
    );
  });

  it.each([
    ['Date.now()', 'export const t = Date.now();\n'],
    ['Math.random()', 'export const r = Math.random();\n'],
  ])('using %s is refused (clock and randomness are injected)', async (_name, code) => {
    expect(await ruleIdsFor('packages/domain/src/probe.ts', code)).toContain(
      'no-restricted-properties',
    );
  });

  it('pure code passes', async () => {
    expect(await ruleIdsFor('packages/domain/src/probe.ts', 'export const x = 1n + 2n;\n')).toEqual(
      [],
    );
  });
});

describe('when the client imports server code, lint fails', () => {
  it.each([
    ["import * as a from '@fbt/adapters';\nexport const x = a;\n"],
    ["import * as b from '@fbt/bff';\nexport const x = b;\n"],
    ["import * as b from '@fbt/bff/testing';\nexport const x = b;\n"],
    ["import * as b from '../../bff/src/app';\nexport const x = b;\n"],
    ["import * as l from '@fbt/localnet';\nexport const x = l;\n"],
    ["import * as o from '@fbt/operator';\nexport const x = o;\n"],
    ["import * as s from '@fbt/stack';\nexport const x = s;\n"],
    ["import * as s from '../../stack/src/stack';\nexport const x = s;\n"],
    ["import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ])('%s', async (code) => {
    expect(await ruleIdsFor('apps/client/src/probe.ts', code)).toContain('no-restricted-imports');
  });

  it('importing the domain is fine', async () => {
    expect(
      await ruleIdsFor(
        'apps/client/src/probe.ts',
        "import { formatSol } from '@fbt/domain';\nexport const x = formatSol;\n",
      ),
    ).toEqual([]);
  });
});

const programBuildImports = [
  [
    "the program's build",
    "import { buildProgram } from '@fbt/presale-program';\nexport const x = buildProgram;\n",
  ],
  [
    'the litesvm harness',
    "import * as t from '@fbt/presale-program/testing';\nexport const x = t;\n",
  ],
  ['the linker', "import { linkObjects } from '@fbt/sbpf-link';\nexport const x = linkObjects;\n"],
  ['litesvm', "import { LiteSVM } from 'litesvm';\nexport const x = LiteSVM;\n"],
  [
    'the build by relative path',
    "import { buildProgram } from '../../../programs/presale/src/build-program';\nexport const x = buildProgram;\n",
  ],
] as const;

describe("when the site or a browser package imports the program's build code, lint fails", () => {
  it.each(
    [
      'apps/client/src/probe.ts',
      'packages/presale-client/src/probe.ts',
      'packages/purchase/src/probe.ts',
    ].flatMap((file) => programBuildImports.map(([what, code]) => [file, what, code] as const)),
  )('%s importing %s is refused', async (file, _what, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    [
      'packages/presale-client/src/probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    ['packages/purchase/src/probe.ts', "import * as b from '@fbt/bff';\nexport const x = b;\n"],
  ])('%s: Node modules and server code are refused too', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  it('the program client itself is fine in the site', async () => {
    expect(
      await ruleIdsFor(
        'apps/client/src/probe.ts',
        "import { buildBuyInstructions } from '@fbt/presale-client';\nexport const x = buildBuyInstructions;\n",
      ),
    ).toEqual([]);
  });
});

describe('when an inner package reaches outward, lint fails', () => {
  it.each([
    ['packages/adapters/src/probe.ts', "import * as b from '@fbt/bff';\nexport const x = b;\n"],
    [
      'packages/keypair-wallet/src/probe.ts',
      "import * as s from '@fbt/stack';\nexport const x = s;\n",
    ],
    [
      'packages/adapters/src/probe.ts',
      "import * as p from '@fbt/presale-program';\nexport const x = p;\n",
    ],
    [
      'packages/domain/src/probe.ts',
      "import * as p from '@fbt/presale-client';\nexport const x = p;\n",
    ],
  ])('%s: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });
});

describe("when a package's tests or test support import an app above it, lint fails", () => {
  it.each([
    [
      'packages/adapters/test/support/probe.ts',
      "import * as b from '@fbt/bff';\nexport const x = b;\n",
    ],
    [
      'packages/keypair-wallet/test/probe.test.ts',
      "import * as s from '@fbt/stack/testing';\nexport const x = s;\n",
    ],
    [
      'packages/purchase/src/probe.test.ts',
      "import * as c from '../../../apps/client/src/main';\nexport const x = c;\n",
    ],
  ])('%s: %s', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain('no-restricted-imports');
  });

  it('starting the local chain is fine', async () => {
    expect(
      await ruleIdsFor(
        'packages/adapters/test/probe.test.ts',
        "import { createLocalnet } from '@fbt/localnet';\nexport const x = createLocalnet;\n",
      ),
    ).toEqual([]);
  });
});
