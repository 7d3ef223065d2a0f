import type { Cluster } from '@fbt/domain';
import { explorerTxUrl, FBT_DECIMALS, formatFixed, formatSol } from '@fbt/domain';
import { Dialog } from '../../../components/ui/dialog';
import { ExternalIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import type { PurchaseDialog } from '../lib/purchase-outcome';
import { dialogLineText, dialogTextKey } from '../lib/purchase-text';

/**
 * The end of a purchase: 'Transaction successful' (Close / Open -> the transaction on Solscan
 * for this cluster, in a new tab), or 'Error' / 'Warning' with the message lines, in the
 * site's language (fixed sentences by code; server or chain details as they are).
 */
export function PurchaseResultDialog({
  dialog,
  cluster,
  explorerRpcUrl,
  onClose,
}: {
  dialog: PurchaseDialog;
  cluster: Cluster;
  explorerRpcUrl: string | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  if (dialog.kind === 'success') {
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
        {dialog.bought ? (
          <p className="purchase-dialog__summary" data-testid="purchase-summary">
            {t('purchase.successSummary', {
              fbt: formatFixed(dialog.bought.tokenAmount, FBT_DECIMALS, { maxFractionDigits: 4 }),
              sol: formatSol(dialog.bought.lamports, { maxFractionDigits: 9 }),
            })}
          </p>
        ) : null}
        <p className="purchase-dialog__signature" data-testid="purchase-signature">
          {dialog.signature}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t(dialogTextKey(dialog.title))}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('purchase.close')}
        </button>
      }
    >
      <div className="purchase-dialog__message" data-testid="purchase-message">
        {dialog.lines.map((line, index) => (
          <p key={index}>{dialogLineText(t, line)}</p>
        ))}
      </div>
    </Dialog>
  );
}
