import { FBT_DECIMALS, TOKEN_PRICE_LAMPORTS, U64_MAX } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { usageError } from '../operator-error';
import { CHAIN_OPTIONS, openChain } from '../options/chain';
import { DELIVERY_TERMS_OPTIONS, parseDeliveryTerms } from '../options/delivery-terms';
import { LIMIT_OPTIONS, parseLimits } from '../options/limits';
import { parseSaleTime } from '../options/sale-time';
import { keypairOption, readKeypairOption } from '../options/signer';
import { address, parseWith, positiveInteger } from '../options/validators';
import { formatJson } from '../output';
import { createPresale } from '../presale-setup';
import { defineCommand } from './command';

/** `--start`/`--end` as given: the window, or none when neither is. */
function parseWindow(values: { readonly start?: string; readonly end?: string }) {
  if (values.start === undefined && values.end === undefined) return undefined;
  const start = values.start === undefined ? 0n : parseSaleTime('--start', values.start);
  const end = values.end === undefined ? 0n : parseSaleTime('--end', values.end);
  if (start !== 0n && end !== 0n && end <= start) {
    throw usageError(`--end (${values.end ?? ''}) must be after --start (${values.start ?? ''})`);
  }
  return { start, end };
}

/**
 * `create-presale`: a new presale, initialised and funded in one transaction. By default the
 * vault gets exactly what --max-total-sol can buy, so the presale can never oversell.
 */
export const createPresaleCommand = defineCommand({
  name: 'create-presale',
  summary: 'create a presale and fund its vault from the seller',
  notes: [
    'Durations: 90d, 12h, 30m or 3600s (a bare number is seconds). Times (--start, --end): 0, unix',
    'seconds, an ISO date or an ISO date-time with its zone. A vesting unlocks',
    '--unlocked-at-completion at completion, nothing more before --cliff, then linearly until',
    '--vesting; all of it is counted from the completion (sold out, or the window end).',
  ],
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
    ...DELIVERY_TERMS_OPTIONS,
    start: { type: 'string', value: '<time>', description: 'first second buys are accepted' },
    end: { type: 'string', value: '<time>', description: 'first second buys are refused again' },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection } = openChain(values, io.env);
    const limits = parseLimits(values);
    const window = parseWindow(values);
    const terms = parseDeliveryTerms(values, {
      minUserBuyable: limits.minUserBuyable,
      maxTotalBuyable: limits.maxTotalBuyable,
      hasEnd: (window?.end ?? 0n) !== 0n,
    });
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
      ...(terms === undefined ? {} : { terms }),
      ...(window === undefined ? {} : { window }),
    });
    io.stdout(
      formatJson({
        presale: result.presale.toBase58(),
        tempTokenAccount: result.tempTokenAccount.toBase58(),
        authority: result.authority.toBase58(),
        fundedTokens: result.fundedTokens,
        delivery: terms?.mode ?? 'instant',
        ...(terms === undefined
          ? {}
          : { minimumRaiseLamports: terms.minimumRaise ?? 0n, vesting: terms.vesting }),
        ...(window === undefined ? {} : { window }),
        signature: result.signature,
      }),
    );
  },
});
