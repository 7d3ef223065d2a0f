import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ClaimStage } from '@fbt/purchase';
import type { TransactionLine } from '../../../lib/transaction-text';
import type { usePurchase } from './use-purchase';

/** What the purchase box does with a wallet: its purchase, stage and result dialog. */
export type PurchaseActions = ReturnType<typeof usePurchase>;

/** The presale a buyer's Claim or Refund names (addresses in base58). */
export interface DeliveryTarget {
  readonly programId: string;
  readonly presale: string;
  readonly mint: string;
  /** The presale's FBT vault. */
  readonly tempTokenAccount: string;
}

/** How a Claim or a Refund ended. */
export type DeliveryDialog =
  | {
      readonly kind: 'claimed';
      readonly signature: string;
      /** FBT base units the claim delivered (null: the record could not be read after). */
      readonly tokens: bigint | null;
    }
  | { readonly kind: 'refunded'; readonly signature: string; readonly lamports: bigint | null }
  | { readonly kind: 'error'; readonly lines: readonly TransactionLine[] };

/**
 * The "Your FBT" panel's transactions with a wallet: the buyer's Claim and Refund, the one
 * running (and its step) and the result dialog.
 */
export interface DeliveryActions {
  readonly running: { readonly action: 'claim' | 'refund'; readonly stage: ClaimStage } | null;
  readonly dialog: DeliveryDialog | null;
  readonly closeDialog: () => void;
  readonly claim: (target: DeliveryTarget) => Promise<void>;
  readonly refund: (target: DeliveryTarget) => Promise<void>;
}

/** The wallet side of the purchase box: who is connected and how a purchase runs. */
export interface PurchaseSession {
  /** The connected wallet's address; null while none is (or its code is not loaded yet). */
  readonly address: string | null;
  readonly purchase: PurchaseActions;
  readonly delivery: DeliveryActions;
}

type Publish = (session: PurchaseSession | null) => void;

interface SessionSlot {
  readonly session: PurchaseSession;
  /** Whether the wallet code has published a session yet. */
  readonly live: boolean;
}

const SessionContext = createContext<SessionSlot | null>(null);
const PublishContext = createContext<Publish | null>(null);

/** Two objects with the same keys and the same value at each. */
function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Two sessions are the same when the address and every purchase and delivery field are. */
function sameSession(a: PurchaseSession | null, b: PurchaseSession | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.address !== b.address) return false;
  return sameFields(a.purchase, b.purchase) && sameFields(a.delivery, b.delivery);
}

/**
 * Holds the purchase box's wallet side, which the wallet code (a lazy chunk: web3.js, adapters)
 * publishes once it has loaded. The box itself carries none of that code: it renders at once
 * with price, amount and 'Connect Wallet', reading this session, and keeps its state (the amount
 * typed) when the wallet code arrives, because it is never remounted. Until then the session is
 * an idle stand-in: no wallet, no purchase running; the title's hidden test report asks for the
 * wallet code (`onWanted`) and is sent once it is up.
 */
export function PurchaseSessionProvider({
  onWanted,
  children,
}: {
  onWanted: () => void;
  children: ReactNode;
}) {
  const [published, setPublished] = useState<PurchaseSession | null>(null);
  const waiting = useRef<((session: PurchaseSession) => void)[]>([]);
  const publish = useCallback<Publish>(
    (next) => setPublished((current) => (sameSession(current, next) ? current : next)),
    [],
  );
  useEffect(() => {
    if (published === null) return;
    for (const run of waiting.current.splice(0)) run(published);
  }, [published]);

  const idle = useMemo<PurchaseSession>(() => {
    const later =
      (run: (session: PurchaseSession) => void): (() => Promise<void>) =>
      () => {
        waiting.current.push(run);
        onWanted();
        return Promise.resolve();
      };
    return {
      address: null,
      purchase: {
        stage: null,
        sending: false,
        dialog: null,
        closeDialog: () => undefined,
        send: () => Promise.resolve(),
        sendSampleReport: (code: string, wallet: string) =>
          later((session) => void session.purchase.sendSampleReport(code, wallet))(),
      },
      delivery: {
        running: null,
        dialog: null,
        closeDialog: () => undefined,
        claim: () => Promise.resolve(),
        refund: () => Promise.resolve(),
      },
    };
  }, [onWanted]);

  const slot = useMemo<SessionSlot>(
    () => ({ session: published ?? idle, live: published !== null }),
    [published, idle],
  );
  return (
    <PublishContext.Provider value={publish}>
      <SessionContext.Provider value={slot}>{children}</SessionContext.Provider>
    </PublishContext.Provider>
  );
}

function useSlot(): SessionSlot {
  const slot = useContext(SessionContext);
  if (slot === null) throw new Error('Purchase session used outside <PurchaseSessionProvider>');
  return slot;
}

/** The purchase box's wallet side (the idle stand-in until the wallet code is up). */
export function usePurchaseSession(): PurchaseSession {
  return useSlot().session;
}

/** Whether the wallet code has published its session (it has loaded and mounted). */
export function usePurchaseSessionLive(): boolean {
  return useSlot().live;
}

/**
 * Publishes the wallet code's session to the box on every render of its caller (an unchanged
 * session is ignored), and withdraws it when the caller unmounts.
 */
export function usePublishPurchaseSession(session: PurchaseSession): void {
  const publish = useContext(PublishContext);
  if (publish === null) {
    throw new Error('Purchase session published outside <PurchaseSessionProvider>');
  }
  useEffect(() => publish(session));
  useEffect(() => () => publish(null), [publish]);
}
