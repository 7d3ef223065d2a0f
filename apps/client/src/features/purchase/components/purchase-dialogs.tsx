import type { Cluster } from '@fbt/domain';
import { explorerTxUrl, FBT_AMOUNT, formatAmount, SOL_EXACT_AMOUNT } from '@fbt/domain';
import {
  TransactionErrorDialog,
  TransactionSuccessDialog,
} from '../../../components/transaction/transaction-dialogs';
import { useI18n } from '../../../lib/i18n/i18n';
import type { PurchaseDialog } from '../lib/purchase-outcome';

/**
 * The end of a purchase: 'Transaction successful' with what was bought (on an at-completion
 * presale, held until the sale completes; Close / Open -> the transaction on Solscan for this
 * cluster, in a new tab), or 'Error' / 'Warning' with the message lines, in the
 * site's language (fixed sentences by code, program refusals by name; server or chain details
 * as they are).
 */
export function PurchaseResultDialog({
  dialog,
  atCompletion = false,
  cluster,
  explorerRpcUrl,
  onClose,
}: {
  dialog: PurchaseDialog;
  /** The presale delivers at completion: the summary says the FBT are held until then. */
  atCompletion?: boolean;
  cluster: Cluster;
  explorerRpcUrl: string | null;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  if (dialog.kind === 'success') {
    return (
      <TransactionSuccessDialog
        title={t('purchase.successTitle')}
        signature={dialog.signature}
        href={explorerTxUrl(dialog.signature, cluster, explorerRpcUrl ?? undefined)}
        onClose={onClose}
        {...(dialog.bought
          ? {
              summary: t(atCompletion ? 'delivery.successSummary' : 'purchase.successSummary', {
                fbt: formatAmount(dialog.bought.tokenAmount, FBT_AMOUNT, language),
                sol: formatAmount(dialog.bought.lamports, SOL_EXACT_AMOUNT, language),
              }),
            }
          : {})}
      />
    );
  }
  return <TransactionErrorDialog title={dialog.title} lines={dialog.lines} onClose={onClose} />;
}
