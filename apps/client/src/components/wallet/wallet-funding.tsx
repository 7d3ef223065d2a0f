import { useState } from 'react';
import { useI18n } from '../../lib/i18n/i18n';

/**
 * The local chain's 'Get 10 test SOL': asks the faucet through `fund`, says so while it runs,
 * then says that the SOL arrived or that it did not (the button stays for another try).
 */
export function WalletFunding({ fund }: { fund: () => Promise<void> }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'funding' | 'funded' | 'failed'>('idle');
  const onFund = () => {
    setState('funding');
    fund().then(
      () => setState('funded'),
      (error: unknown) => {
        console.warn('test SOL not received:', error);
        setState('failed');
      },
    );
  };
  return (
    <div className="wallet-funding" data-testid="wallet-funding">
      <p className="wallet-funding__text">{t('wallet.fundText')}</p>
      <button
        type="button"
        className="btn btn-secondary btn-sm wallet-funding__button"
        onClick={onFund}
        disabled={state === 'funding'}
        aria-busy={state === 'funding'}
        data-testid="wallet-fund"
      >
        {state === 'funding' ? t('wallet.funding') : t('wallet.fund')}
      </button>
      <p
        className={`wallet-funding__status wallet-funding__status--${state}`}
        role="status"
        data-testid="wallet-fund-status"
      >
        {state === 'funded' ? t('wallet.funded') : state === 'failed' ? t('wallet.fundFailed') : ''}
      </p>
    </div>
  );
}
