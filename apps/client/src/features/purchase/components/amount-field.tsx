import { FBT_AMOUNT, formatAmount, SOL_AMOUNT, type PresaleState } from '@fbt/domain';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n/i18n';
import type { BuyAmount } from '../hooks/use-buy-amount';
import { amountErrorText } from '../lib/purchase-text';

/**
 * The amount field (SOL), with its message under it: the amount's first error (`checkBuyAmount`),
 * or 'You will receive N FBT'; then the presale's per-wallet limits once known. Enter runs
 * `onEnter`.
 */
export function AmountField({
  amount,
  state,
  disabled,
  onEnter,
}: {
  amount: BuyAmount;
  state: PresaleState | undefined;
  /** While a purchase runs. */
  disabled: boolean;
  onEnter: () => void;
}) {
  const { t, language } = useI18n();
  const inputId = useId();
  const messageId = useId();
  const { error, estimate } = amount;
  return (
    <>
      <label className="purchase__label" htmlFor={inputId}>
        {t('purchase.amountLabel')}
      </label>
      <div className={`purchase__field${error ? ' purchase__field--invalid' : ''}`}>
        <input
          id={inputId}
          className="purchase__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('purchase.amountPlaceholder')}
          value={amount.text}
          onChange={(event) => amount.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onEnter();
          }}
          aria-invalid={error !== null}
          aria-describedby={messageId}
          disabled={disabled}
          data-testid="amount-input"
        />
        <span className="purchase__suffix">SOL</span>
      </div>
      <p id={messageId} className="purchase__message" aria-live="polite">
        {error ? (
          <span className="purchase__error" data-testid="amount-error">
            {amountErrorText(t, error)}
          </span>
        ) : estimate !== null ? (
          <span className="purchase__estimate" data-testid="token-estimate">
            {t('purchase.estimate', { amount: formatAmount(estimate, FBT_AMOUNT, language) })}
          </span>
        ) : (
          ' '
        )}
      </p>
      {state ? (
        <p className="purchase__limits">
          {t('purchase.limits', {
            min: formatAmount(state.minUserBuyable, SOL_AMOUNT, language),
            max: formatAmount(state.maxUserBuyable, SOL_AMOUNT, language),
          })}
        </p>
      ) : null}
    </>
  );
}
