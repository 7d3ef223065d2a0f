import { isSendEnabled, type PresaleVariant } from '@fbt/domain';
import { useState } from 'react';
import type { LeaderProblem } from '../lib/leader-problem';
import type { BuyAmount } from './use-buy-amount';
import type { Buyer } from './use-buyer';
import type { LeaderSide } from './use-leader-purchase';
import type { Sale } from './use-sale';

/** The question asked before Send when the leader code has a problem. */
export interface LeaderConfirmation {
  readonly problem: LeaderProblem;
  readonly cancel: () => void;
  /** Buys anyway. */
  readonly buy: () => void;
}

/**
 * Whether Send can run and what it does. It waits for the presale, the config and (with a
 * wallet) what the wallet already bought; it needs an active presale inside its window, the
 * list's yes on an allowlisted presale, and the domain's Send rule (no amount error, the wallet
 * below its maximum, no purchase running). On the leader page a code with a problem is asked
 * about first (`leaderConfirmation`), then the purchase runs with what the code carries.
 */
export function useSendPurchase({
  variant,
  sale,
  buyer,
  leader,
  amount,
}: {
  variant: PresaleVariant;
  sale: Sale;
  buyer: Buyer;
  leader: LeaderSide;
  amount: BuyAmount;
}) {
  const [confirmingLeader, setConfirmingLeader] = useState(false);
  const { config, presaleAddress, state } = sale;
  const { purchase, listedProof } = buyer;
  const ready = state !== undefined && config !== undefined && presaleAddress !== undefined;
  const canSend =
    ready &&
    state.isActived &&
    sale.timing.phase === 'open' &&
    (!sale.allowlisted || listedProof !== undefined) &&
    // The leader check's answer is all the buy knows of the code's record: wait for it.
    !leader.checking &&
    (buyer.address === null || buyer.bought.data !== undefined) &&
    isSendEnabled({
      amountError: amount.error?.message ?? null,
      userAtMaximum: amount.userAtMaximum,
      sending: purchase.sending,
    });

  const sendNow = () => {
    if (!canSend || state === undefined || config === undefined || presaleAddress === undefined) {
      return;
    }
    void purchase.send(
      {
        variant,
        programId: config.programId,
        presale: presaleAddress,
        mint: config.mint,
        state,
        boughtLamports: buyer.boughtLamports,
        ...leader.purchase,
        ...(listedProof === undefined ? {} : { allowlistProof: listedProof }),
        ...(sale.shownEnd === undefined ? {} : { shownEnd: sale.shownEnd }),
      },
      amount.text,
    );
  };

  const onSend = () => {
    if (!canSend) return;
    if (leader.problem !== null) setConfirmingLeader(true);
    else sendNow();
  };

  const leaderConfirmation: LeaderConfirmation | null =
    confirmingLeader && leader.problem !== null
      ? {
          problem: leader.problem,
          cancel: () => setConfirmingLeader(false),
          buy: () => {
            setConfirmingLeader(false);
            sendNow();
          },
        }
      : null;
  return { canSend, onSend, leaderConfirmation };
}
