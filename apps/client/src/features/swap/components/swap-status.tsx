import { isHighPriceImpact } from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import type { SwapFormState } from '../hooks/use-swap-form';
import { quoteFailureText, swapAmountErrorText } from '../lib/swap-text';
import { QuoteDetails } from './quote-details';

/**
 * Under the fields: the typed amount's error, the quote's failure, 'Updating…' while a quote is
 * on its way, or that the wallet has too little of what it pays; then the quote's details and
 * the warning of a high price impact.
 */
export function SwapStatus({ swapForm, short }: { swapForm: SwapFormState; short: boolean }) {
  const { t } = useI18n();
  const { form, tokens, params, amountError, quote, shown } = swapForm;
  const editedToken = form.edited === 'pay' ? tokens.pay : tokens.receive;
  const status =
    amountError !== null
      ? swapAmountErrorText(t, amountError, editedToken)
      : quote.error !== null && !quote.updating
        ? quoteFailureText(t, quote.error)
        : null;
  return (
    <>
      <p className="swap__status" aria-live="polite" data-testid="swap-status">
        {status !== null ? (
          <span className="swap__error">{status}</span>
        ) : quote.updating && params !== null ? (
          <span className="swap__muted">{t('swap.updating')}</span>
        ) : short ? (
          <span className="swap__error" data-testid="swap-short">
            {t('swap.insufficient', { token: tokens.pay })}
          </span>
        ) : null}
      </p>
      {shown !== undefined && params !== null ? (
        <QuoteDetails quote={shown} updating={quote.updating} />
      ) : null}
      {shown !== undefined && isHighPriceImpact(shown.priceImpactPct) ? (
        <p className="swap__note swap__note--warn" role="alert" data-testid="swap-impact-warning">
          {t('swap.impactWarning')}
        </p>
      ) : null}
    </>
  );
}
