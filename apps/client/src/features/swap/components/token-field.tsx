import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n';
import type { SwapToken } from '../lib/swap-form';

/**
 * One side of the swap: label, the amount (typed, or the quote's estimate marked with ≈), the
 * token and, with a wallet, its balance and Max. An estimate shows as every amount of the page
 * does (`readout`, e.g. `19,752.96`) until the field is focused, when it holds the plain value
 * (`19752.964182`) to edit.
 */
export function TokenField({
  label,
  token,
  value,
  readout,
  estimated,
  balance,
  invalid,
  disabled,
  onChange,
  onMax,
  testId,
}: {
  label: string;
  token: SwapToken;
  value: string;
  /** The estimate formatted for reading, shown while the field is not focused; null: `value`. */
  readout: string | null;
  estimated: boolean;
  balance: string | null;
  invalid: boolean;
  disabled: boolean;
  onChange: (text: string) => void;
  onMax?: (() => void) | undefined;
  testId: string;
}) {
  const { t } = useI18n();
  const inputId = useId();
  const [focused, setFocused] = useState(false);
  return (
    <div className={`swap__field${invalid ? ' swap__field--invalid' : ''}`} data-testid={testId}>
      <div className="swap__field-top">
        <label htmlFor={inputId} className="swap__label">
          {label}
        </label>
        {balance !== null ? (
          <span className="swap__balance" data-testid={`${testId}-balance`}>
            {t('swap.balance', { amount: balance, token })}
            {onMax !== undefined ? (
              <button type="button" className="swap__max" onClick={onMax} disabled={disabled}>
                {t('swap.max')}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="swap__field-row">
        {estimated && value !== '' ? (
          <span className="swap__approx" aria-hidden="true">
            ≈
          </span>
        ) : null}
        <input
          id={inputId}
          className="swap__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={!focused && readout !== null ? readout : value}
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={invalid}
          disabled={disabled}
          data-testid={`${testId}-input`}
        />
        <span className={`swap__token swap__token--${token.toLowerCase()}`}>{token}</span>
      </div>
    </div>
  );
}
