import type { PresaleDelivery } from '@fbt/domain';
import { formatSol } from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import { deliveryNoteText } from '../lib/delivery-text';

/**
 * On an at-completion presale, below the amount: when the FBT arrive (by the presale's vesting)
 * and, with a minimum raise, that buyers get their SOL back below it.
 */
export function DeliveryNote({ delivery }: { delivery: PresaleDelivery }) {
  const { t, language } = useI18n();
  return (
    <p className="purchase__note purchase__note--delivery" data-testid="delivery-note">
      {deliveryNoteText(t, language, delivery)}
    </p>
  );
}

/**
 * What happens next on an at-completion sale that closed and awaits Finalize: its FBT delivered,
 * or, below its minimum raise (`raised`), every buyer's SOL back.
 */
export function completionNextText(
  t: ReturnType<typeof useI18n>['t'],
  delivery: PresaleDelivery,
  raised: bigint,
): string {
  return raised < delivery.minimumRaise
    ? t('delivery.endedBelowMinimum', { sol: formatSol(delivery.minimumRaise) })
    : t('delivery.endedNext');
}

/**
 * A finalized at-completion sale: the box gives way to 'The presale is complete' (FBT being
 * delivered) or 'The presale missed its minimum' (every buyer takes their SOL back below).
 */
export function FinalizedSaleCard({ delivery }: { delivery: PresaleDelivery }) {
  const { t } = useI18n();
  const failed = delivery.status === 'failed';
  return (
    <section
      className={`purchase card purchase--complete${failed ? ' purchase--failed' : ''}`}
      data-testid="sale-finalized"
      data-status={delivery.status}
    >
      <h2 className="purchase__title">
        {failed ? t('delivery.failedTitle') : t('delivery.completeTitle')}
      </h2>
      <p className="purchase__subtitle">
        {failed
          ? t('delivery.failedText', { sol: formatSol(delivery.minimumRaise) })
          : t('delivery.completeText')}
      </p>
    </section>
  );
}
