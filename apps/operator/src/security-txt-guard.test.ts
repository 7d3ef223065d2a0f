import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAM_PATH } from './seed';
import {
  MAINNET_BETA_GENESIS_HASH,
  placeholderSecurityContact,
  securityTxtRefusal,
} from './security-txt-guard';

const block = (contacts: string) =>
  new TextEncoder().encode(
    `\x7fELF...=======BEGIN SECURITY.TXT V1=======\0name\0FBT\0contacts\0${contacts}\0` +
      '=======END SECURITY.TXT V1=======\0...',
  );
const LOCAL_GENESIS = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY';

describe("a deploy to mainnet-beta refuses the repository's placeholder security contacts", () => {
  it('finds the placeholder in the committed build', () => {
    const elf = new Uint8Array(readFileSync(DEFAULT_PROGRAM_PATH));
    expect(placeholderSecurityContact(elf)).toMatch(/\.example$/);
  });

  it('refuses only on mainnet-beta, only while a placeholder is named, naming what to do', () => {
    const placeholder = block('email:security@fbt-presale.example');
    expect(securityTxtRefusal(MAINNET_BETA_GENESIS_HASH, placeholder)?.message).toBe(
      "the program's security.txt still names the placeholder fbt-presale.example: set " +
        'your contacts in programs/presale/security.json and SECURITY.md, rebuild (npm run build ' +
        '-w @fbt/presale-program) and deploy that build',
    );
    expect(securityTxtRefusal(LOCAL_GENESIS, placeholder)).toBeNull();
    expect(
      securityTxtRefusal(MAINNET_BETA_GENESIS_HASH, block('email:security@frustratedbeast.io')),
    ).toBeNull();
    // A program without a security.txt names no placeholder.
    expect(placeholderSecurityContact(new TextEncoder().encode('\x7fELF no block'))).toBeNull();
  });
});
