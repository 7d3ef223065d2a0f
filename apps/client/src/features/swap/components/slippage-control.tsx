import {
  parseSlippagePercent,
  SWAP_HIGH_SLIPPAGE_BPS,
  SWAP_SLIPPAGE_PRESETS_BPS,
} from '@fbt/domain';
import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n';

const percent = (bps: number, language: 'en' | 'it') =>
  `${(bps / 100).toLocaleString(language === 'it' ? 'it-IT' : 'en-US', { maximumFractionDigits: 2 })}%`;

/**
 * Slippage: three presets and a custom percent (0.01%–50%, two decimals), refused with a
 * message when out of bounds and warned about above 5%.
 */
export function SlippageControl({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (bps: number) => void;
  disabled: boolean;
}) {
  const { t, language } = useI18n();
  const inputId = useId();
  const messageId = useId();
  const isPreset = (SWAP_SLIPPAGE_PRESETS_BPS as readonly number[]).includes(value);
  const [custom, setCustom] = useState(isPreset ? '' : String(value / 100));
  const parsed = custom.trim() === '' ? null : parseSlippagePercent(custom);
  const error = parsed !== null && !parsed.ok ? t(`swap.slippage.${parsed.code}`) : null;

  return (
    <fieldset className="swap__slippage" disabled={disabled}>
      <legend className="swap__slippage-legend">{t('swap.slippage.label')}</legend>
      <div className="swap__slippage-row">
        {SWAP_SLIPPAGE_PRESETS_BPS.map((bps) => (
          <button
            key={bps}
            type="button"
            className={`swap__chip${value === bps && custom.trim() === '' ? ' swap__chip--on' : ''}`}
            aria-pressed={value === bps && custom.trim() === ''}
            onClick={() => {
              setCustom('');
              onChange(bps);
            }}
            data-testid={`slippage-${bps}`}
          >
            {percent(bps, language)}
          </button>
        ))}
        <label className="visually-hidden" htmlFor={inputId}>
          {t('swap.slippage.custom')}
        </label>
        <div
          className={`swap__chip swap__chip--input${error ? ' swap__chip--invalid' : ''}${!isPreset && error === null && custom.trim() !== '' ? ' swap__chip--on' : ''}`}
        >
          <input
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('swap.slippage.customPlaceholder')}
            value={custom}
            aria-invalid={error !== null}
            aria-describedby={messageId}
            onChange={(event) => {
              setCustom(event.target.value);
              const next = parseSlippagePercent(event.target.value);
              if (next.ok) onChange(next.bps);
            }}
            data-testid="slippage-custom"
          />
          <span aria-hidden="true">%</span>
        </div>
      </div>
      <p id={messageId} className="swap__slippage-message" aria-live="polite">
        {error !== null ? (
          <span className="swap__error" data-testid="slippage-error">
            {error}
          </span>
        ) : value > SWAP_HIGH_SLIPPAGE_BPS ? (
          <span className="swap__warn" data-testid="slippage-warning">
            {t('swap.slippage.high', { value: percent(value, language) })}
          </span>
        ) : null}
      </p>
    </fieldset>
  );
}
