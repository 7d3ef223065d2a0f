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
    ["import * as b from '../../bff/src/app';\nexport const x = b;\n"],
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
