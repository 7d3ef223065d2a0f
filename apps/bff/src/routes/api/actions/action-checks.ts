import type { OnChainLeaderRecord, PresaleState, PresaleVariant } from '@fbt/domain';
import { checkBuyAmount, isValidLeaderCode } from '@fbt/domain';
import { PRESALE_ERRORS } from '@fbt/presale-client';
import { refuse } from './action-errors';
import type { SaleBlock } from './presale-action';

/** `?code=` checked against the variant: required and well-formed on the leader presale only. */
export function leaderCodeOf(
  variant: PresaleVariant,
  code: string | undefined,
): string | undefined {
  if (variant !== 'leader') {
    if (code !== undefined) refuse('Leader codes apply only to the leader presale.', 400);
    return undefined;
  }
  if (code === undefined || code === '') {
    return refuse(
      'The leader presale Blink needs a leader code: add ?code=<leader code> to its link.',
      400,
    );
  }
  if (!isValidLeaderCode(code)) {
    return refuse('A leader code is 3-32 letters, digits, "_" or "-".', 400);
  }
  return code;
}

/** A registered code's refusal on chain: suspended, or the buyer's own. */
export function leaderBlock(leader: OnChainLeaderRecord, buyer?: string): SaleBlock | null {
  if (!leader.active) return { label: 'Code suspended', message: PRESALE_ERRORS[6036].message };
  if (buyer !== undefined && leader.wallet === buyer) {
    return { label: 'Own code', message: PRESALE_ERRORS[6037].message };
  }
  return null;
}

/**
 * The POST's amount text: `?amount=` (the linked action's URL), else `data.amount` of the body
 * (a client may send parameter values there); empty when neither. A list is refused.
 */
export function amountInputOf(
  query: { readonly amount?: string | undefined },
  body: { readonly data?: Readonly<Record<string, string | string[]>> | undefined },
): string {
  const fromBody = body.data?.amount;
  if (Array.isArray(fromBody)) return refuse('amount must be a single value.', 400);
  return query.amount ?? fromBody ?? '';
}

/**
 * The lamports to buy, checked with the site's rule and messages (`checkBuyAmount`) against
 * what the wallet already bought; a refused amount answers 400 with the site's message.
 */
export function buyLamports(input: string, state: PresaleState, boughtLamports: bigint): bigint {
  const amount = checkBuyAmount({ input, state, boughtLamports });
  return amount.ok ? amount.lamports : refuse(amount.error.message, 400);
}
