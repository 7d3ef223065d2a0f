import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/i18n';
import { WalletIcon } from '../ui/icons';
import { useRegisteredWallet } from '../wallet/wallet-state';

/** The transaction a connected wallet sends with the button (Send, Swap, Claim). */
export interface TransactionSend {
  readonly onClick: () => void;
  /** True while the transaction cannot run (an amount error, nothing to claim, one running). */
  readonly disabled: boolean;
  /** While the transaction runs, the text of its current step (shown with a spinner); else null. */
  readonly runningText: string | null;
  /** The button's text while no transaction runs. */
  readonly label: ReactNode;
  readonly testId: string;
}

/**
 * Either the transaction (`send`, a connected wallet) with an optional `connectTestId` never
 * shown, or `send` null while no wallet is connected, and then Connect Wallet's test id.
 */
export type TransactionButtonProps = {
  /** Classes after `btn btn-primary`, for both faces: the look and the placement. */
  readonly className?: string;
} & (
  | { readonly send: TransactionSend; readonly connectTestId?: never }
  | { readonly send: TransactionSend | null; readonly connectTestId: string }
);

/** The box placement of the purchase and swap boxes: a full-width transaction button. */
export const TRANSACTION_CTA = 'transaction-button transaction-cta';

function Spinner() {
  return <span className="transaction-spinner" aria-hidden="true" />;
}

/**
 * The button that sends a transaction. Without a connected wallet (`send` null) it is Connect
 * Wallet, which opens the page's wallet picker and waits while the wallet is not registered yet
 * or busy connecting. With one it runs `send`: disabled while the transaction cannot run, and
 * busy (`aria-busy`) with a spinner and the step's text while it runs.
 */
export function TransactionButton(props: TransactionButtonProps) {
  const { t } = useI18n();
  const wallet = useRegisteredWallet();
  const className = `btn btn-primary${props.className === undefined ? '' : ` ${props.className}`}`;
  const { send } = props;
  if (send === null) {
    return (
      <button
        type="button"
        className={className}
        onClick={() => wallet?.openPicker()}
        disabled={wallet === null || wallet.isBusy}
        data-testid={props.connectTestId}
      >
        <WalletIcon size={18} />
        {t('wallet.connect')}
      </button>
    );
  }
  const running = send.runningText !== null;
  return (
    <button
      type="button"
      className={className}
      onClick={send.onClick}
      disabled={send.disabled}
      aria-busy={running}
      data-testid={send.testId}
    >
      {running ? (
        <>
          <Spinner />
          {send.runningText}
        </>
      ) : (
        send.label
      )}
    </button>
  );
}
