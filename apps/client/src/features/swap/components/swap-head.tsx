import { useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n';
import { SlippageControl } from './slippage-control';

/** The swap box's title and its slippage button, which shows or hides the slippage control. */
export function SwapHead({
  titleId,
  slippageBps,
  disabled,
  onSlippage,
}: {
  titleId: string;
  slippageBps: number;
  /** While a swap runs. */
  disabled: boolean;
  onSlippage: (slippageBps: number) => void;
}) {
  const { t, language } = useI18n();
  const [showSlippage, setShowSlippage] = useState(false);
  return (
    <>
      <div className="swap__head">
        <h2 id={titleId} className="swap__title">
          {t('swap.boxTitle')}
        </h2>
        <button
          type="button"
          className="swap__settings btn btn-ghost btn-sm"
          aria-expanded={showSlippage}
          onClick={() => setShowSlippage((open) => !open)}
          data-testid="slippage-toggle"
        >
          {t('swap.slippage.button', {
            value: `${(slippageBps / 100).toLocaleString(language === 'it' ? 'it-IT' : 'en-US')}%`,
          })}
        </button>
      </div>
      {showSlippage ? (
        <SlippageControl value={slippageBps} disabled={disabled} onChange={onSlippage} />
      ) : null}
    </>
  );
}
