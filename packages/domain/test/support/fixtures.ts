import { isDomainError, type DomainErrorCode } from '../../src/domain-error';
import type { PresaleState } from '../../src/presale-state';

/** Byte fixtures checked against @solana/web3.js's PublicKey once, then frozen here. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_PROGRAM_HEX = '06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9';
export const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111';
export const RENT_SYSVAR_HEX = '06a7d517192c5c51218cc94c3d4af17f58daee089ba1fd44e3dbd98a00000000';
export const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
export const WALLET_HEX = '6752055c20b3e9d8746656ddf73855507f87ab6d87523e4c76a7fa36096a99eb';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/**
 * An initialised, active presale: seller = Tokenkeg…, temp = SysvarRent…, price 50,000 lamports,
 * max per user 10 SOL, min 0.1 SOL, max total 100 SOL, sold 12.5 SOL.
 */
export const PRESALE_HEX =
  '01' +
  '01' +
  TOKEN_PROGRAM_HEX +
  RENT_SYSVAR_HEX +
  '50c3000000000000' +
  '00e40b5402000000' +
  '00e1f50500000000' +
  '00e8764817000000' +
  '00dd0ee902000000';

export const PRESALE_STATE: PresaleState = {
  isInitialized: true,
  isActived: true,
  sellerPubkey: TOKEN_PROGRAM,
  tempTokenAccountPubkey: RENT_SYSVAR,
  tokenPrice: 50_000n,
  maxUserBuyable: 10_000_000_000n,
  minUserBuyable: 100_000_000n,
  maxTotalBuyable: 100_000_000_000n,
  currentTotalSold: 12_500_000_000n,
};

export function hex(text: string): Uint8Array {
  return Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A presale state with overrides, for rule tables. */
export function presale(overrides: Partial<PresaleState> = {}): PresaleState {
  return { ...PRESALE_STATE, ...overrides };
}

export const SOL = 1_000_000_000n;

/** The code of the domain error `run` throws, or undefined when it throws none. */
export function codeOf(run: () => unknown): DomainErrorCode | undefined {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return undefined;
}
