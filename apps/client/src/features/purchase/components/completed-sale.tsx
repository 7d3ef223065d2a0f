import type { PresaleDelivery } from '@fbt/domain';
import { isSoldOut } from '@fbt/domain';
import type { ReactElement } from 'react';
import type { Language, Translate } from '../../../lib/i18n/i18n';
import { useI18n } from '../../../lib/i18n/i18n';
import type { Sale } from '../hooks/use-sale';
import { deliveryNoteText, minimumRaiseText } from '../lib/delivery-text';
import { SaleEndedCard, SoldOutCard } from './sale-status';

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
  t: Translate,
  language: Language,
  delivery: PresaleDelivery,
  raised: bigint,
): string {
  return raised < delivery.minimumRaise
    ? t('delivery.endedBelowMinimum', { sol: minimumRaiseText(delivery.minimumRaise, language) })
    : t('delivery.endedNext');
}

/**
 * A finalized at-completion sale: the box gives way to 'The presale is complete' (FBT being
 * delivered) or 'The presale missed its minimum' (every buyer takes their SOL back below).
 */
export function FinalizedSaleCard({ delivery }: { delivery: PresaleDelivery }) {
  const { t, language } = useI18n();
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
          ? t('delivery.failedText', {
              sol: minimumRaiseText(delivery.minimumRaise, language),
            })
          : t('delivery.completeText')}
      </p>
    </section>
  );
}

/**
 * The card the purchase box gives way to once the sale takes no more buys, or null while it
 * does: finalized at completion (complete or failed), its window ended (at completion, with what
 * comes next), or sold out.
 */
export function closedSaleCard(
  t: Translate,
  language: Language,
  sale: Pick<Sale, 'state' | 'timing' | 'delivery'>,
): ReactElement | null {
  const { state, timing, delivery } = sale;
  const atCompletion = delivery?.mode === 'at-completion' ? delivery : null;
  if (atCompletion?.status === 'succeeded' || atCompletion?.status === 'failed') {
    return <FinalizedSaleCard delivery={atCompletion} />;
  }
  if (timing.phase === 'ended') {
    return (
      <SaleEndedCard
        endedAt={timing.endedAt}
        {...(atCompletion === null
          ? {}
          : { next: completionNextText(t, language, atCompletion, state?.currentTotalSold ?? 0n) })}
      />
    );
  }
  if ((state !== undefined && isSoldOut(state)) || atCompletion?.status === 'sold-out') {
    return <SoldOutCard atCompletion={atCompletion !== null} />;
  }
  return null;
}
