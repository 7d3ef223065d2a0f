import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58, isDomainError } from './index';
import {
  TOKEN_PROGRAM,
  TOKEN_PROGRAM_HEX,
  WALLET,
  WALLET_HEX,
  hex,
  toHex,
} from '../test/support/fixtures';

describe('base58', () => {
  it.each([
    ['32 zero bytes', '00'.repeat(32), '11111111111111111111111111111111'],
    ['the token program id', TOKEN_PROGRAM_HEX, TOKEN_PROGRAM],
    ['a wallet', WALLET_HEX, WALLET],
    ['an empty array', '', ''],
    ['leading zeros then data', '0000ff', '115Q'],
  ])('encodes %s', (_name, bytesHex, text) => {
    expect(encodeBase58(hex(bytesHex))).toBe(text);
    expect(toHex(decodeBase58(text))).toBe(bytesHex);
  });

  it('round-trips random byte strings', () => {
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      const bytes = Uint8Array.from({ length: n % 70 }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return n % 5 === 0 ? 0 : seed % 256;
      });
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    }
  });

  it.each(['0', 'O', 'I', 'l', ' ', '+'])('rejects the character %j with a coded error', (char) => {
    try {
      decodeBase58(`abc${char}`);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'BASE58__INVALID_CHARACTER')).toBe(true);
      expect((error as { context: { position: number } }).context.position).toBe(3);
    }
  });
});
