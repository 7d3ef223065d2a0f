import { explorerTxUrl, type Cluster } from '@fbt/domain';
import { Dialog } from '../../../components/ui/dialog';
import { ExternalIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import type { SwapDialog } from '../hooks/use-swap';
import { formatTokenAmount, swapTokens } from '../lib/swap-form';
import { swapFailureText } from '../lib/swap-text';

/**
 * The end of a swap, like the purchase box's: 'Transaction successful' with what was swapped,
 * the signature and Open (the transaction on Solscan for this cluster, new tab), or 'Error'
 * with the reason in the site's language.
 */
export function SwapResultDialog({
  dialog,
  cluster,
  explorerRpcUrl,
  onClose,
}: {
  dialog: SwapDialog;
  cluster: Cluster;
  explorerRpcUrl: string | null;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  if (dialog.kind === 'error') {
    return (
      <Dialog
        title={t('purchase.errorTitle')}
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            {t('purchase.close')}
          </button>
        }
      >
        <p className="swap__dialog-message" data-testid="swap-message">
          {swapFailureText(t, dialog.failure)}
        </p>
      </Dialog>
    );
  }
  const tokens = swapTokens(dialog.side);
  const href = explorerTxUrl(dialog.signature, cluster, explorerRpcUrl ?? undefined);
  return (
    <Dialog
      title={t('purchase.successTitle')}
      description={t('purchase.successText')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('purchase.close')}
          </button>
          <a
            className="btn btn-primary"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            data-autofocus
          >
            {t('purchase.open')}
            <ExternalIcon size={16} />
          </a>
        </>
      }
    >
      <p className="swap__dialog-summary" data-testid="swap-summary">
        {t('swap.successSummary', {
          paid: `${formatTokenAmount(dialog.paid, tokens.pay, language)} ${tokens.pay}`,
          received: `${formatTokenAmount(dialog.received, tokens.receive, language)} ${tokens.receive}`,
        })}
      </p>
      <p className="swap__dialog-signature" data-testid="swap-signature">
        {dialog.signature}
      </p>
    </Dialog>
  );
}
