import type { PresaleVariant } from '@fbt/domain';
import { useId } from 'react';
import {
  TRANSACTION_CTA,
  TransactionButton,
} from '../../../components/transaction/transaction-button';
import { useI18n } from '../../../lib/i18n/i18n';
import type { PageLeaderCode } from '../../../lib/use-leader-code';
import { useSolPrice } from '../api/get-sol-price';
import { useBuyAmount } from '../hooks/use-buy-amount';
import { useBuyer } from '../hooks/use-buyer';
import { useLeaderPurchase } from '../hooks/use-leader-purchase';
import { useSale } from '../hooks/use-sale';
import { useSendPurchase } from '../hooks/use-send-purchase';
import { AmountField } from './amount-field';
import { closedSaleCard, DeliveryNote } from './completed-sale';
import { LeaderConfirmDialog } from './leader-confirm-dialog';
import { PurchaseResultDialog } from './purchase-dialogs';
import { AllowlistNote, LeaderNote, PurchaseFootnotes } from './purchase-notes';
import { PurchaseStats } from './purchase-stats';
import { SaleTiming } from './sale-status';
import './purchase.css';

/** Wallet used by the hidden test report when no wallet is connected (the system program). */
const SAMPLE_REPORT_WALLET = '11111111111111111111111111111111';
const SAMPLE_REPORT_CODE = 'sample-report';

/**
 * The purchase box: title, subtitle, 'You bought X/Y SOL', '1 SOL = N USD', the amount field
 * with its messages in the domain's order (`checkBuyAmount`), 'You will receive N FBT', and the
 * 'Connect Wallet' / 'Send' button with a spinner while a purchase runs; on an at-completion
 * presale, when the FBT arrive (its vesting, its minimum raise). Hidden when the presale is sold
 * out, its window has ended or (at completion) it was finalized, each card saying what comes
 * next; before the window opens it counts down to the start. On an allowlisted presale it says whether the wallet is listed before Send. `leaderCode`
 * is set on the leader page only (`null`: missing or malformed in the link).
 */
export function PurchaseBox({
  variant,
  leaderCode,
}: {
  variant: PresaleVariant;
  leaderCode?: PageLeaderCode;
}) {
  const { t, language } = useI18n();
  const titleId = useId();
  const sale = useSale(variant);
  const price = useSolPrice();
  const buyer = useBuyer(variant, sale.allowlisted);
  const leader = useLeaderPurchase(leaderCode);
  const amount = useBuyAmount(sale.state, buyer.boughtLamports);
  const send = useSendPurchase({ variant, sale, buyer, leader, amount });
  const { state, timing, delivery } = sale;
  const { address, purchase } = buyer;
  const atCompletion = delivery?.mode === 'at-completion' ? delivery : null;

  const closed = closedSaleCard(t, language, sale);
  if (closed !== null) return closed;

  const onTitleClick = () => {
    void purchase.sendSampleReport(
      typeof leaderCode === 'string' ? leaderCode : SAMPLE_REPORT_CODE,
      address ?? SAMPLE_REPORT_WALLET,
    );
  };

  return (
    <section className="purchase card" aria-labelledby={titleId} data-testid="purchase-box">
      <h2 id={titleId} className="purchase__title" onClick={onTitleClick}>
        {t('presale.boxTitle')}
      </h2>
      <p className="purchase__subtitle">{t('presale.boxSubtitle')}</p>
      {leader.isLeaderPage ? (
        <LeaderNote
          problem={leader.problem}
          checking={leader.checking}
          payingCode={leader.payingCode}
        />
      ) : null}
      {sale.allowlisted ? (
        <AllowlistNote
          connected={address !== null}
          standing={buyer.standing.data}
          failed={buyer.standing.failureCount > 0}
        />
      ) : null}

      <PurchaseStats boughtLamports={buyer.boughtLamports} state={state} price={price.data} />
      <AmountField
        amount={amount}
        state={state}
        disabled={purchase.sending}
        onEnter={() => {
          if (address !== null) send.onSend();
        }}
      />
      {atCompletion === null ? null : <DeliveryNote delivery={atCompletion} />}
      <SaleTiming timing={timing} />

      <TransactionButton
        className={TRANSACTION_CTA}
        connectTestId="purchase-connect"
        send={
          address === null
            ? null
            : {
                onClick: send.onSend,
                disabled: !send.canSend,
                runningText: purchase.sending
                  ? t(`purchase.stage.${purchase.stage ?? 'validating'}`)
                  : null,
                label: t('purchase.send'),
                testId: 'purchase-send',
              }
        }
      />

      <PurchaseFootnotes
        inactive={state !== undefined && !state.isActived}
        buyer={buyer}
        loadFailed={sale.loadError !== null}
      />

      {send.leaderConfirmation !== null ? (
        <LeaderConfirmDialog
          problem={send.leaderConfirmation.problem}
          onCancel={send.leaderConfirmation.cancel}
          onBuy={send.leaderConfirmation.buy}
        />
      ) : null}
      {purchase.dialog && sale.config ? (
        <PurchaseResultDialog
          dialog={purchase.dialog}
          atCompletion={atCompletion !== null}
          cluster={sale.config.cluster}
          explorerRpcUrl={sale.config.explorerRpcUrl}
          onClose={purchase.closeDialog}
        />
      ) : null}
    </section>
  );
}
