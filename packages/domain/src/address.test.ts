import { describe, expect, it } from 'vitest';
import { assertIsAddress, encodeBase58, isAddress, isSignature, shortenAddress } from './index';
import { WALLET } from '../test/support/fixtures';

describe('addresses and signatures', () => {
  it.each([
    [WALLET, true],
    ['11111111111111111111111111111111', true],
    ['', false],
    ['not-an-address', false],
    ['1111111111111111111111111111111', false], // 31 bytes
    [`${WALLET}1`, false],
    ['2'.repeat(200), false],
  ])('isAddress(%j) is %s', (text, expected) => {
    expect(isAddress(text)).toBe(expected);
  });

  it('recognises a 64-byte signature and nothing shorter', () => {
    const signature = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => i + 1));
    expect(isSignature(signature)).toBe(true);
    expect(isSignature(WALLET)).toBe(false);
    expect(isSignature('0x1234')).toBe(false);
  });

  it('assertIsAddress names the field it refused', () => {
    expect(() => assertIsAddress('nope', 'wallet')).toThrow(/ADDRESS__INVALID.*wallet/);
    expect(() => assertIsAddress(WALLET)).not.toThrow();
  });

  it.each([
    [WALLET, '7xKX...gAsU'],
    ['abcdefghijkl', 'abcd...ijkl'],
    ['abcdefghijk', 'abcdefghijk'],
    ['', ''],
  ])('shortens %j to %j', (address, short) => {
    expect(shortenAddress(address)).toBe(short);
  });
});
