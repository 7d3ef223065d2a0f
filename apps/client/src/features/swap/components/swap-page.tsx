import type { ConfigResponse } from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import { SwapBox } from './swap-box';
import { SwapClosed } from './swap-closed';
import './swap.css';

/**
 * `#/swap`: SOL <-> FBT through the exchange the BFF is configured with, or, until the token
 * trades (no `SWAP_API_URL`), the "Trading opens after the presale" page.
 */
export function SwapPage({ config }: { config: ConfigResponse | undefined }) {
  const { t } = useI18n();
  if (config === undefined) return <div className="page-fallback" aria-busy="true" />;
  if (config.swap?.enabled !== true) return <SwapClosed />;
  return (
    <>
      <header className="page-header container">
        <p className="eyebrow">{t('swap.eyebrow')}</p>
        <h1 className="page-title">{t('swap.title')}</h1>
        <p className="lead">{t('swap.lead')}</p>
      </header>
      <div className="container swap-page">
        <SwapBox
          config={{
            mint: config.mint,
            cluster: config.cluster,
            explorerRpcUrl: config.explorerRpcUrl,
            dexProgramIds: config.swap.dexProgramIds,
          }}
        />
      </div>
    </>
  );
}
