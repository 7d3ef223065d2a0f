import { explorerTxUrl, type Cluster } from '@fbt/domain';
import { TransactionSuccessDialog } from '../../../components/transaction/transaction-dialogs';
import { Dialog } from '../../../components/ui/dialog';
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
  return (
    <TransactionSuccessDialog
      title={t('purchase.successTitle')}
      summary={t('swap.successSummary', {
        paid: `${formatTokenAmount(dialog.paid, tokens.pay, language)} ${tokens.pay}`,
        received: `${formatTokenAmount(dialog.received, tokens.receive, language)} ${tokens.receive}`,
      })}
      signature={dialog.signature}
      href={explorerTxUrl(dialog.signature, cluster, explorerRpcUrl ?? undefined)}
      onClose={onClose}
    />
  );
}
