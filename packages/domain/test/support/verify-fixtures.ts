import {
  COMMITTED_PROGRAM_BUILDS,
  INSTANT_DELIVERY,
  PRESALE_PAGE_TARGETS,
  siteVerifyExpectations,
  tokensLeftToSell,
  UPGRADEABLE_LOADER_ADDRESS,
  type ObservedPresale,
  type ObservedPresaleState,
  type VerifyExpectations,
  type VerifyObservation,
} from '../../src/index';
import { RENT_SYSVAR, SYSTEM_PROGRAM, TOKEN_PROGRAM, WALLET } from './fixtures';

/**
 * A sound sale as the verify checks read it (a mint, the program, one public presale, instant
 * and open), and builders that change one part of it.
 */
export const MINT = RENT_SYSVAR;
export const PROGRAM = TOKEN_PROGRAM;
export const PROGRAM_DATA = 'SysvarC1ock11111111111111111111111111111111';
export const SELLER = WALLET;
export const VAULT = 'SysvarS1otHashes111111111111111111111111111';
export const AUTHORITY = 'Sysvar1nstructions1111111111111111111111111';
export const MULTISIG = 'SysvarStakeHistory1111111111111111111111111';
export const ROOT = 'ab'.repeat(32);

export const expected: VerifyExpectations = siteVerifyExpectations({
  mint: MINT,
  programId: PROGRAM,
  metadataUri: 'https://fbt.example/token.json',
  multisigs: [{ address: MULTISIG, label: 'Team vault' }],
  presaleTargets: PRESALE_PAGE_TARGETS,
});

export function state(overrides: Partial<ObservedPresaleState> = {}): ObservedPresaleState {
  return {
    isInitialized: true,
    isActive: true,
    seller: SELLER,
    vault: VAULT,
    authority: AUTHORITY,
    mint: MINT,
    tokenPrice: 50_000n,
    minUserBuyable: 100_000_000n,
    maxUserBuyable: 10_000_000_000n,
    maxTotalBuyable: 100_000_000_000n,
    currentTotalSold: 10_000_000_000n,
    decimals: 6,
    saleStart: 0n,
    saleEnd: 0n,
    allowlistRoot: null,
    pendingSeller: null,
    leaderCount: 0n,
    leaderCommission: 0n,
    delivery: { ...INSTANT_DELIVERY, escrowLamports: 0n },
    ...overrides,
  };
}

export function presale(overrides: Partial<ObservedPresale> = {}): ObservedPresale {
  const base = state();
  return {
    variant: 'public',
    address: 'SysvarRecentB1ockHashes11111111111111111111',
    state: base,
    vault: {
      mint: MINT,
      owner: AUTHORITY,
      amount: tokensLeftToSell(base),
      delegate: null,
      closeAuthority: null,
      state: 'initialized',
    },
    sellerAccount: { owner: SYSTEM_PROGRAM, executable: false, data: new Uint8Array() },
    allowlist: { kind: 'none' },
    ...overrides,
  };
}

export function observation(
  overrides: {
    mint?: Partial<VerifyObservation['mint']>;
    program?: Partial<VerifyObservation['program']>;
    presales?: ObservedPresale[];
  } = {},
): VerifyObservation {
  return {
    mint: {
      address: MINT,
      account: { owner: TOKEN_PROGRAM, executable: false, data: new Uint8Array(82) },
      decoded: {
        program: 'spl-token',
        mintAuthority: null,
        freezeAuthority: null,
        supply: 100_000_000_000_000n,
        decimals: 6,
        isInitialized: true,
        extensions: [],
        metadata: {
          updateAuthority: null,
          name: 'Frustrated Beast Token',
          symbol: 'FBT',
          uri: 'https://fbt.example/token.json',
        },
      },
      ...overrides.mint,
    },
    program: {
      address: PROGRAM,
      account: { owner: UPGRADEABLE_LOADER_ADDRESS, executable: true, data: new Uint8Array(36) },
      programDataAddress: PROGRAM_DATA,
      programData: { slot: 1n, upgradeAuthority: null, programBytes: new Uint8Array() },
      elfSha256: COMMITTED_PROGRAM_BUILDS.v3,
      elfLength: 100,
      securityTxt: new Map([
        ['contacts', 'email:security@fbt.example'],
        ['policy', 'https://fbt.example/SECURITY.md'],
      ]),
      ...overrides.program,
    },
    presales: overrides.presales ?? [presale()],
  };
}
