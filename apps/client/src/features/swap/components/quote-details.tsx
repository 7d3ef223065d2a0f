import {
  formatAmount,
  isHighPriceImpact,
  SOL_EXACT_AMOUNT,
  shortenAddress,
  type SwapQuoteResponse,
} from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import { formatTokenAmount, swapTokens } from '../lib/swap-form';

/**
 * The quote under the fields: rate, minimum received (or maximum paid), price impact (warned
 * above 5%), the route and its fee, and the most the priority fee can cost.
 */
export function QuoteDetails({ quote, updating }: { quote: SwapQuoteResponse; updating: boolean }) {
  const { t, language } = useI18n();
  const tokens = swapTokens(quote.side);
  const input = BigInt(quote.inputAmount);
  const output = BigInt(quote.outputAmount);
  const amount = (units: bigint, token: 'SOL' | 'FBT') =>
    `${formatTokenAmount(units, token, language)} ${token}`;
  // Price of one FBT in SOL, from the quote itself (what this trade pays, fee included).
  const fbtUnits = quote.side === 'buy' ? output : input;
  const lamports = quote.side === 'buy' ? input : output;
  const perFbt = fbtUnits === 0n ? 0n : (lamports * 1_000_000n) / fbtUnits;
  const impact = quote.priceImpactPct;
  const fee = quote.fees[0];
  const feeToken: 'SOL' | 'FBT' =
    fee !== undefined && fee.mint === quote.quote.data.outputMint ? tokens.receive : tokens.pay;
  const number = (value: number, digits: number) =>
    value.toLocaleString(language === 'it' ? 'it-IT' : 'en-US', { maximumFractionDigits: digits });

  return (
    <dl
      className={`swap__details${updating ? ' swap__details--updating' : ''}`}
      data-testid="swap-details"
      aria-busy={updating}
    >
      <div>
        <dt>{t('swap.rate')}</dt>
        <dd data-testid="swap-rate">
          {t('swap.rateValue', { sol: formatAmount(perFbt, SOL_EXACT_AMOUNT, language) })}
        </dd>
      </div>
      <div>
        <dt>{quote.mode === 'exact-in' ? t('swap.minimumReceived') : t('swap.maximumPaid')}</dt>
        <dd data-testid="swap-threshold">
          {amount(
            BigInt(quote.otherAmountThreshold),
            quote.mode === 'exact-in' ? tokens.receive : tokens.pay,
          )}
        </dd>
      </div>
      <div>
        <dt>{t('swap.priceImpact')}</dt>
        <dd
          className={isHighPriceImpact(impact) ? 'swap__danger' : undefined}
          data-testid="swap-impact"
        >
          {impact < 0.01 ? `< ${number(0.01, 2)}%` : `${number(impact, 2)}%`}
        </dd>
      </div>
      <div>
        <dt>{t('swap.route')}</dt>
        <dd data-testid="swap-route">
          {t('swap.routeValue', {
            pools: quote.pools.map(shortenAddress).join(' → '),
            fee: fee === undefined ? '0' : number(fee.ratePpm / 10_000, 2),
            amount: fee === undefined ? '0' : amount(BigInt(fee.amount), feeToken),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('swap.networkFee')}</dt>
        <dd data-testid="swap-priority-fee">
          {t(
            quote.priorityFee.source === 'fallback'
              ? 'swap.networkFeeFallback'
              : 'swap.networkFeeValue',
            {
              sol: formatTokenAmount(BigInt(quote.priorityFee.maxFeeLamports), 'SOL', language),
            },
          )}
        </dd>
      </div>
    </dl>
  );
}
