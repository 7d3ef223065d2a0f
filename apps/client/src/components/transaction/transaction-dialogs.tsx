import type { DialogTextCode } from '@fbt/domain';
import { useI18n } from '../../lib/i18n/i18n';
import { transactionLineText, type TransactionLine } from '../../lib/transaction-text';
import { Dialog } from '../ui/dialog';
import { ExternalIcon } from '../ui/icons';
import './transaction-dialogs.css';

/**
 * The end of a confirmed transaction (a purchase, a claim): its title, 'Click Open to view in
 * Solscan', what it did, its signature, and Close / Open (the transaction in the explorer, in
 * a new tab).
 */
export function TransactionSuccessDialog({
  title,
  summary,
  signature,
  href,
  onClose,
}: {
  title: string;
  /** What the transaction did, e.g. '30000 FBT for 1.5 SOL'; omitted when not known. */
  summary?: string;
  signature: string;
  href: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      title={title}
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
      {summary !== undefined ? (
        <p className="transaction-dialog__summary" data-testid="transaction-summary">
          {summary}
        </p>
      ) : null}
      <p className="transaction-dialog__signature" data-testid="transaction-signature">
        {signature}
      </p>
    </Dialog>
  );
}

/** 'Error' / 'Warning' with the message lines in the site's language, and Close. */
export function TransactionErrorDialog({
  title,
  lines,
  onClose,
}: {
  title: DialogTextCode;
  lines: readonly TransactionLine[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t(`dialogText.${title}`)}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('purchase.close')}
        </button>
      }
    >
      <div className="transaction-dialog__message" data-testid="purchase-message">
        {lines.map((line, index) => (
          <p key={index}>{transactionLineText(t, line)}</p>
        ))}
      </div>
    </Dialog>
  );
}
