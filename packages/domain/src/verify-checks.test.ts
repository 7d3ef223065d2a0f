import { describe, expect, it } from 'vitest';
import {
  factValueEn,
  tokensLeftToSell,
  verifyDeployment,
  type ObservedPresale,
  type ObservedPresaleState,
  type VerifyObservation,
} from './index';
import { SYSTEM_PROGRAM, WALLET } from '../test/support/fixtures';
import {
  expected,
  MULTISIG,
  observation,
  presale,
  PROGRAM,
  PROGRAM_DATA,
  ROOT,
  SELLER,
  state,
  VAULT,
} from '../test/support/verify-fixtures';

const failed = (value: VerifyObservation, expectations = expected) =>
  verifyDeployment(value, expectations)
    .facts.filter((fact) => !fact.passed)
    .map((fact) => fact.id);
const fact = (value: VerifyObservation, id: string) => {
  const found = verifyDeployment(value, expected).facts.find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`no fact ${id}`);
  return found;
};

describe('verifyDeployment', () => {
  it('passes a sound sale: every fact, each with the account an explorer shows', () => {
    const report = verifyDeployment(observation(), expected);
    expect(report.passed).toBe(true);
    expect(report.facts.map((entry) => entry.id)).toEqual([
      'mint.supply',
      'mint.mint-authority',
      'mint.freeze-authority',
      'mint.extensions',
      'mint.metadata-name',
      'mint.metadata-symbol',
      'mint.metadata-uri',
      'program.executable',
      'program.upgrade-authority',
      'program.build-hash',
      'program.security-txt',
      'presale.public.account',
      'presale.public.price',
      'presale.public.wallet-limits',
      'presale.public.total-limit',
      'presale.public.window',
      'presale.public.delivery-mode',
      'presale.public.minimum-raise',
      'presale.public.vesting',
      'presale.public.leader-commission',
      'presale.public.seller',
      'presale.public.vault',
      'presale.public.allowlist',
      'presale.public.active',
    ]);
    expect(fact(observation(), 'program.build-hash')).toMatchObject({
      note: 'v3',
      address: PROGRAM_DATA,
    });
    expect(fact(observation(), 'presale.public.vault').address).toBe(VAULT);
    expect(fact(observation(), 'presale.public.seller')).toMatchObject({
      address: SELLER,
      note: 'wallet',
    });
    expect(factValueEn(fact(observation(), 'mint.supply').value)).toBe('100,000,000 FBT');
    expect(factValueEn(fact(observation(), 'presale.public.leader-commission').value)).toBe('10%');
    expect(factValueEn(fact(observation(), 'program.upgrade-authority').value)).toBe(
      'immutable (no upgrade authority)',
    );
  });

  it('fails a mint that can still mint, freeze, or carries a risky extension or other metadata', () => {
    const decoded = observation().mint.decoded;
    if (decoded === null) throw new Error('fixture');
    const withMint = (changes: Partial<typeof decoded>) =>
      observation({ mint: { decoded: { ...decoded, ...changes } } });
    expect(failed(withMint({ mintAuthority: WALLET }))).toEqual(['mint.mint-authority']);
    expect(failed(withMint({ freezeAuthority: WALLET }))).toEqual(['mint.freeze-authority']);
    expect(failed(withMint({ supply: 1n }))).toEqual(['mint.supply']);
    expect(failed(withMint({ program: 'token-2022', extensions: [12, 19] }))).toEqual([
      'mint.extensions',
    ]);
    expect(factValueEn(fact(withMint({ extensions: [14, 99] }), 'mint.extensions').value)).toBe(
      'transferHook',
    );
    expect(
      failed(withMint({ metadata: { updateAuthority: null, name: 'X', symbol: 'FBT', uri: 'u' } })),
    ).toEqual(['mint.metadata-name', 'mint.metadata-uri']);
    expect(failed(withMint({ metadata: null }))).toEqual([
      'mint.metadata-name',
      'mint.metadata-symbol',
      'mint.metadata-uri',
    ]);
    expect(failed(observation(), { ...expected, metadataUri: null })).toEqual([
      'mint.metadata-uri',
    ]);
  });

  it('fails every mint fact of a missing or unreadable mint, saying which', () => {
    const missing = observation({ mint: { account: null, decoded: null } });
    expect(failed(missing).filter((id) => id.startsWith('mint.'))).toHaveLength(7);
    expect(fact(missing, 'mint.supply').value).toEqual({ word: 'missing' });
    const unreadable = observation({ mint: { decoded: null } });
    expect(fact(unreadable, 'mint.mint-authority').value).toEqual({ word: 'invalid' });
  });

  it('fails a program that can change, differs from the build, or names no contact', () => {
    const programData = { slot: 1n, upgradeAuthority: WALLET, programBytes: new Uint8Array() };
    expect(failed(observation({ program: { programData } }))).toEqual([
      'program.upgrade-authority',
    ]);
    const byMultisig = observation({
      program: { programData: { ...programData, upgradeAuthority: MULTISIG } },
    });
    expect(failed(byMultisig)).toEqual([]);
    expect(fact(byMultisig, 'program.upgrade-authority').note).toBe('Team vault');
    expect(failed(observation({ program: { elfSha256: '00'.repeat(32) } }))).toEqual([
      'program.build-hash',
      'presale.public.leader-commission',
    ]);
    expect(failed(observation({ program: { securityTxt: null } }))).toEqual([
      'program.security-txt',
    ]);
  });

  it('fails an account that is not an executable upgradeable program', () => {
    const notProgram = observation({
      program: {
        account: { owner: SYSTEM_PROGRAM, executable: false, data: new Uint8Array() },
        programDataAddress: null,
        programData: null,
        elfSha256: null,
        securityTxt: null,
      },
    });
    expect(failed(notProgram)).toContain('program.executable');
    expect(fact(notProgram, 'program.executable').value).toEqual({ word: 'invalid' });
    expect(fact(notProgram, 'program.build-hash').value).toEqual({ word: 'missing' });
    expect(fact(notProgram, 'program.executable').address).toBe(PROGRAM);
    const gone = observation({ program: { account: null } });
    expect(fact(gone, 'program.executable').value).toEqual({ word: 'missing' });
  });

  it('fails a presale’s terms that differ from the site’s', () => {
    const withState = (changes: Partial<ObservedPresaleState>) => {
      const changed = state(changes);
      return observation({
        presales: [presale({ state: changed, vault: { ...presale().vault!, amount: 10n ** 15n } })],
      });
    };
    expect(failed(withState({ tokenPrice: 40_000n }))).toEqual(['presale.public.price']);
    expect(failed(withState({ minUserBuyable: 0n }))).toEqual(['presale.public.wallet-limits']);
    expect(failed(withState({ maxTotalBuyable: 99_000_000_000n }))).toEqual([
      'presale.public.total-limit',
    ]);
    expect(failed(withState({ saleStart: 200n, saleEnd: 100n }))).toEqual([
      'presale.public.window',
    ]);
    expect(
      factValueEn(fact(withState({ saleStart: 1_767_225_600n }), 'presale.public.window').value),
    ).toBe('2026-01-01T00:00:00Z → —');
    expect(failed(withState({ isActive: false }))).toEqual(['presale.public.active']);
    const pending = withState({ pendingSeller: MULTISIG });
    expect(failed(pending)).toEqual(['presale.public.seller']);
    expect(fact(pending, 'presale.public.seller').note).toBe(`pending:${MULTISIG}`);
    const bySeller = withState({ seller: MULTISIG });
    expect(fact(bySeller, 'presale.public.seller').note).toBe('multisig:Team vault');
  });

  it('checks the private page’s total only for being positive (the page shows the chain’s)', () => {
    const privateSale = presale({ variant: 'private', state: state({ maxTotalBuyable: 0n }) });
    expect(failed(observation({ presales: [privateSale] }))).toContain(
      'presale.private.total-limit',
    );
  });

  it('fails a vault short of what is left to sell, or not the presale’s own', () => {
    const sound = presale();
    const vault = sound.vault!;
    const short = presale({ vault: { ...vault, amount: vault.amount - 1n } });
    expect(failed(observation({ presales: [short] }))).toEqual(['presale.public.vault']);
    expect(tokensLeftToSell(state())).toBe(1_800_000_000_000n);
    expect(tokensLeftToSell(state({ currentTotalSold: 100_000_000_000n }))).toBe(0n);
    const foreign = presale({ vault: { ...vault, owner: WALLET } });
    expect(fact(observation({ presales: [foreign] }), 'presale.public.vault').value).toEqual({
      word: 'invalid',
    });
    const delegated = presale({ vault: { ...vault, delegate: WALLET } });
    expect(failed(observation({ presales: [delegated] }))).toEqual(['presale.public.vault']);
    const gone = presale({ vault: null });
    expect(fact(observation({ presales: [gone] }), 'presale.public.vault').value).toEqual({
      word: 'missing',
    });
  });

  it('compares the allowlist root with the published list’s', () => {
    const rooted = (allowlist: ObservedPresale['allowlist'], root: string | null) =>
      observation({ presales: [presale({ state: state({ allowlistRoot: root }), allowlist })] });
    expect(failed(rooted({ kind: 'list', root: ROOT, wallets: 3 }, ROOT))).toEqual([]);
    expect(
      fact(rooted({ kind: 'list', root: ROOT, wallets: 3 }, ROOT), 'presale.public.allowlist').note,
    ).toBe('3');
    expect(failed(rooted({ kind: 'list', root: 'cd'.repeat(32), wallets: 3 }, ROOT))).toEqual([
      'presale.public.allowlist',
    ]);
    expect(failed(rooted({ kind: 'none' }, ROOT))).toEqual(['presale.public.allowlist']);
    expect(failed(rooted({ kind: 'list', root: ROOT, wallets: 1 }, null))).toEqual([
      'presale.public.allowlist',
    ]);
    expect(failed(rooted({ kind: 'unreadable', reason: 'HTTP 503' }, ROOT))).toEqual([
      'presale.public.allowlist',
    ]);
  });

  it('fails a presale that cannot be read on its first line and shows no other', () => {
    for (const unreadable of [null, 'foreign', 'invalid'] as const) {
      const report = verifyDeployment(
        observation({ presales: [presale({ state: unreadable })] }),
        expected,
      );
      const lines = report.facts.filter((entry) => entry.group === 'presale');
      expect(lines.map((entry) => [entry.id, entry.passed])).toEqual([
        ['presale.public.account', false],
      ]);
    }
    const otherMint = observation({ presales: [presale({ state: state({ mint: WALLET }) })] });
    // its vault holds the expected mint, not the presale's: that fails too
    expect(failed(otherMint)).toEqual(['presale.public.account', 'presale.public.vault']);
  });
});

describe('factValueEn', () => {
  it('writes a value as its data or its word', () => {
    expect(factValueEn({ text: '10%' })).toBe('10%');
    expect(factValueEn({ word: 'unpublished' })).toContain('publishes');
  });
});
