import type { Keypair } from '@solana/web3.js';
import { readKeypairFile } from '../keypair-file';
import { flagText, parseWith } from './validators';

/**
 * `--keypair <file>`. Commands say whose key it is (the payer, the presale's seller), so the
 * description is theirs.
 */
export function keypairOption(description: string) {
  return { keypair: { type: 'string', value: '<file>', required: true, description } } as const;
}

/**
 * Reads the `--keypair` file. Commands call it after their cheaper checks, so a typo in an amount
 * is reported before a missing key file.
 */
export function readKeypairOption(values: { readonly keypair?: string }): Keypair {
  return readKeypairFile(parseWith(flagText('--keypair'), values.keypair));
}
