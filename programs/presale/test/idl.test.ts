/**
 * The committed IDL (idl/presale.json) is the one description of the program's bytes: it is
 * what src/idl builds, a valid Codama root node, states the domain's leader rule and commission,
 * and the README's instruction, account and error tables are written from it.
 */
import { getValidationItemsVisitor } from '@codama/validators';
import { visit } from '@codama/visitors-core';
import {
  BPS_PER_WHOLE,
  computeLeaderCommission,
  isValidLeaderCode,
  LEADER_CODE_CHARACTERS,
  LEADER_CODE_MAX_LENGTH,
  LEADER_CODE_MIN_LENGTH,
  LEADER_COMMISSION_BPS,
} from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { readIdlConstants } from '../src/idl/constants';
import { buildPresaleIdl, readCommittedIdl } from '../src/idl/presale-idl';
import { formattedIdlSections, readReadme } from '../src/idl/readme-file';
import { IDL_SECTIONS, readSection } from '../src/idl/readme-tables';

const committed = readCommittedIdl();
const RERUN = 'run npm run idl -w @fbt/presale-program after changing src/idl';

describe('the committed IDL', () => {
  it('is exactly what src/idl builds', () => {
    expect(committed, RERUN).toEqual(JSON.parse(JSON.stringify(buildPresaleIdl())));
  });

  it('is a Codama root node with nothing its validators warn about', () => {
    expect(committed).toMatchObject({ kind: 'rootNode', standard: 'codama' });
    const items = visit(committed, getValidationItemsVisitor());
    const problems = items.filter((item) => item.level === 'warn' || item.level === 'error');
    expect(problems.map((item) => `${item.level}: ${item.message}`)).toEqual([]);
  });

  it('states the domain’s leader code rule and commission', () => {
    expect(readIdlConstants(committed)).toMatchObject({
      leaderCommissionBps: Number(LEADER_COMMISSION_BPS),
      bpsPerWhole: Number(BPS_PER_WHOLE),
      leaderCodeMinLength: LEADER_CODE_MIN_LENGTH,
      leaderCodeMaxLength: LEADER_CODE_MAX_LENGTH,
      leaderCodeCharacters: LEADER_CODE_CHARACTERS,
    });
  });

  it('gives the domain’s answer for codes and commissions', () => {
    const c = readIdlConstants(committed);
    const idlCode = new RegExp(
      `^[${c.leaderCodeCharacters}]{${c.leaderCodeMinLength},${c.leaderCodeMaxLength}}$`,
    );
    for (const code of ['ab', 'abc', 'a-Z_9', 'x'.repeat(32), 'x'.repeat(33), 'a b', 'é42', '']) {
      expect(idlCode.test(code), code).toBe(isValidLeaderCode(code));
    }
    for (const lamports of [1n, 9n, 10n, 19n, 1_000_000_001n, 2n ** 64n - 1n]) {
      const idl = (lamports * BigInt(c.leaderCommissionBps)) / BigInt(c.bpsPerWhole);
      expect(computeLeaderCommission(lamports)).toBe(idl);
    }
  });

  it.each(IDL_SECTIONS)('writes the README’s %s tables', async (name) => {
    const sections = await formattedIdlSections(committed);
    expect(readSection(readReadme(), name), RERUN).toBe(sections[name]);
  });
});
