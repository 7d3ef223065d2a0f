import { FBT_DECIMALS, TOKEN_PRICE_LAMPORTS, U64_MAX } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { LIMIT_OPTIONS, parseLimits } from '../options/limits';
import { keypairOption, readKeypairOption } from '../options/signer';
import { address, parseWith, positiveInteger } from '../options/validators';
import { formatJson } from '../output';
import { createPresale } from '../presale-setup';
import { defineCommand } from './command';

/**
 * `create-presale`: a new presale, initialised and funded in one transaction. By default the
 * vault gets exactly what --max-total-sol can buy, so the presale can never oversell.
 */
export const createPresaleCommand = defineCommand({
  name: 'create-presale',
  summary: 'create a presale and fund its vault from the seller',
  options: {
    ...keypairOption('keypair of the seller, who holds the FBT and pays'),
    'program-id': {
      type: 'string',
      value: '<addr>',
      required: true,
      description: 'the deployed presale program',
    },
    mint: { type: 'string', value: '<addr>', required: true, description: 'the FBT mint' },
    ...LIMIT_OPTIONS,
    'price-lamports': {
      type: 'string',
      value: '<n>',
      default: String(TOKEN_PRICE_LAMPORTS),
      description: 'price of one whole FBT, in lamports',
    },
    'fund-tokens': {
      type: 'string',
      value: '<whole FBT>',
      description: 'tokens to put in the vault (default: what --max-total-sol buys)',
    },
    inactive: { type: 'boolean', description: 'create it paused (resume with set-active)' },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const limits = parseLimits(values);
    const price = parseWith(positiveInteger('--price-lamports', U64_MAX), values['price-lamports']);
    const fundWhole =
      values['fund-tokens'] === undefined
        ? undefined
        : parseWith(positiveInteger('--fund-tokens', U64_MAX), values['fund-tokens']);
    const mint = new PublicKey(parseWith(address('--mint'), values.mint));
    const programId = new PublicKey(parseWith(address('--program-id'), values['program-id']));
    const seller = readKeypairOption(values);
    const result = await createPresale({
      connection,
      programId,
      seller,
      mint,
      tokenPrice: price,
      limits,
      ...(fundWhole === undefined ? {} : { fundTokens: fundWhole * 10n ** BigInt(FBT_DECIMALS) }),
      active: values.inactive !== true,
    });
    io.stdout(
      formatJson({
        presale: result.presale.toBase58(),
        tempTokenAccount: result.tempTokenAccount.toBase58(),
        authority: result.authority.toBase58(),
        fundedTokens: result.fundedTokens,
        signature: result.signature,
      }),
    );
  },
});
