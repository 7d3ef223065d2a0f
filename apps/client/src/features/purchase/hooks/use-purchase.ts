import type { PresaleState, PresaleVariant } from '@fbt/domain';
import type { ShownSaleEnd } from '@fbt/presale-client';
import { buyFbt, createBatchedSender, type BuyStage } from '@fbt/purchase';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { boughtQueryKey } from '../api/get-bought-amount';
import { useMintTokenProgram } from '../../../lib/mint-token-program';
import { useSiteConfig } from '../../../lib/use-site-config';
import { presaleSignals } from '../api/presale-signals';
import { presaleQueryKey } from '../../../lib/presale-api';
import { postLeaderReport } from '../api/leader-api';
import {
  buildLeaderReport,
  buyFailureDialog,
  leaderReportDialog,
  SAMPLE_REPORT_SIGNATURE,
  type PurchaseDialog,
} from '../lib/purchase-outcome';
import { useReadAhead } from './use-read-ahead';

export interface PurchaseTarget {
  readonly variant: PresaleVariant;
  readonly programId: string;
  readonly presale: string;
  readonly mint: string;
  readonly state: PresaleState;
  readonly boughtLamports: bigint;
  /** Leader page: the code, named by the leader report posted after the buy. */
  readonly leaderCode?: string;
  /** Leader page: the code's active on-chain record, which the program pays 10%. */
  readonly leaderRecord?: string;
  /** Allowlisted presale: the wallet's Merkle proof. */
  readonly allowlistProof?: readonly Uint8Array[];
  /** How the sale delivers and when it ends, as the page showed them (the buy's bound). */
  readonly shownEnd?: ShownSaleEnd;
}

/**
 * Marks each step of a buy on the page's performance timeline (`fbt:buy:<stage>`, then
 * `fbt:buy:result` when the outcome is known), so where a click's time goes can be read from
 * the browser (DevTools, `npm run buy-latency -w @fbt/bench`). Cleared at each new buy.
 */
function markBuy(stage: BuyStage | 'result'): void {
  if (typeof performance.mark !== 'function') return;
  if (stage === 'validating') {
    for (const mark of performance.getEntriesByType('mark'))
      if (mark.name.startsWith('fbt:buy:')) performance.clearMarks(mark.name);
  }
  performance.mark(`fbt:buy:${stage}`);
}

/** What `buyFbt` is asked to buy for `target`. */
function buyRequest(
  target: PurchaseTarget,
  buyer: PublicKey,
  amountInput: string,
  lookupTable: string | undefined,
  tokenProgram: string | undefined,
): Parameters<typeof buyFbt>[1] {
  return {
    programId: new PublicKey(target.programId),
    presale: new PublicKey(target.presale),
    mint: new PublicKey(target.mint),
    state: target.state,
    buyer,
    amountInput,
    boughtLamports: target.boughtLamports,
    ...(target.leaderRecord === undefined
      ? {}
      : { leaderRecord: new PublicKey(target.leaderRecord) }),
    ...(target.allowlistProof === undefined ? {} : { allowlistProof: target.allowlistProof }),
    ...(target.shownEnd === undefined ? {} : { shownEnd: target.shownEnd }),
    ...(lookupTable === undefined ? {} : { lookupTable: new PublicKey(lookupTable) }),
    ...(tokenProgram === undefined ? {} : { tokenProgram: new PublicKey(tokenProgram) }),
  };
}

/**
 * After a confirmed buy: the wallet's bought amount and the presale are read again, and on the
 * leader page the leader report is posted; the dialog to show. Off the leader page the dialog
 * comes first and the re-reads start once it is painted, not in its way.
 */
async function successDialog(
  result: Extract<Awaited<ReturnType<typeof buyFbt>>, { ok: true }>,
  target: PurchaseTarget,
  wallet: string,
  queryClient: QueryClient,
): Promise<PurchaseDialog> {
  const bought = { lamports: result.lamports, tokenAmount: result.tokenAmount };
  const refreshReads = () => {
    void queryClient.invalidateQueries({ queryKey: boughtQueryKey(target.variant, wallet) });
    void queryClient.invalidateQueries({ queryKey: presaleQueryKey(target.variant) });
  };
  if (target.leaderCode === undefined) {
    if (document.visibilityState === 'visible')
      requestAnimationFrame(() => setTimeout(refreshReads, 0));
    else refreshReads();
    return { kind: 'success', signature: result.signature, bought };
  }
  refreshReads();
  const report = await postLeaderReport(
    buildLeaderReport({
      signature: result.signature,
      wallet,
      leaderCode: target.leaderCode,
      lamports: result.lamports,
    }),
  );
  return leaderReportDialog(result.signature, report, bought);
}

/**
 * Runs a purchase with `@fbt/purchase` (validate, build, simulate, sign, send, confirm) through
 * the connected wallet and the BFF's `/rpc`, then refreshes the buyer's total and the presale,
 * posts the leader report on the leader page, and yields the dialog to show. With the page's
 * `variant`, the chain data the purchase needs is read ahead (see `useReadAhead`), so a click
 * costs one round trip less, and the send and the first status read share one (a batch).
 * While it confirms, each presale update of the BFF stream says when to read the status
 * (`presaleSignals`; polling while the stream is down), and a buy never reuses the previous
 * one's blockhash (the same amount again would be the same transaction).
 */
export function usePurchase(variant?: PresaleVariant) {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const readAhead = useReadAhead(connection, variant, publicKey);
  // The deployment's lookup table: buys are version-0 transactions with it, legacy without.
  const lookupTable = useSiteConfig().data?.lookupTable;
  // The mint's token program once read (the purchase reads it itself otherwise).
  const tokenProgram = useMintTokenProgram();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<BuyStage | null>(null);
  const [dialog, setDialog] = useState<PurchaseDialog | null>(null);
  const running = useRef(false);
  // Send and the first status read in one /rpc round trip (a batch).
  const sendWithStatus = useMemo(() => createBatchedSender(connection.rpcEndpoint), [connection]);
  // The last sent transaction's blockhash: the next buy takes a newer one.
  const previousBlockhash = useRef<string | undefined>(undefined);
  const enterStage = useCallback((next: BuyStage) => {
    markBuy(next);
    setStage(next);
  }, []);

  const send = useCallback(
    async (target: PurchaseTarget, amountInput: string) => {
      if (running.current || publicKey === null || signTransaction === undefined) return;
      running.current = true;
      enterStage('validating');
      try {
        const result = await buyFbt(
          {
            connection,
            signTransaction,
            onStage: enterStage,
            prepared: readAhead.latest(),
            ...(previousBlockhash.current === undefined
              ? {}
              : { previousBlockhash: previousBlockhash.current }),
            signals: presaleSignals(target.variant),
            sendWithStatus,
          },
          buyRequest(target, publicKey, amountInput, lookupTable, tokenProgram),
        );
        // The next purchase needs a new blockhash (and now has a token account); read once the
        // result is on screen.
        setTimeout(readAhead.refresh, 100);
        markBuy('result');
        if (result.blockhash !== undefined) previousBlockhash.current = result.blockhash;
        if (!result.ok) {
          console.warn(`purchase stopped at ${result.stage}:`, result.message);
          setDialog(buyFailureDialog(result));
          return;
        }
        setDialog(await successDialog(result, target, publicKey.toBase58(), queryClient));
      } finally {
        running.current = false;
        setStage(null);
      }
    },
    [
      connection,
      publicKey,
      signTransaction,
      queryClient,
      readAhead,
      enterStage,
      sendWithStatus,
      lookupTable,
      tokenProgram,
    ],
  );

  /** The title's hidden test report: a signature no transaction has, so the refusal shows. */
  const sendSampleReport = useCallback(async (leaderCode: string, wallet: string) => {
    const report = await postLeaderReport(
      buildLeaderReport({
        signature: SAMPLE_REPORT_SIGNATURE,
        wallet,
        leaderCode,
        lamports: 1_000_000_000n,
      }),
    );
    setDialog(leaderReportDialog(SAMPLE_REPORT_SIGNATURE, report));
  }, []);

  return {
    stage,
    sending: stage !== null,
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    send,
    sendSampleReport,
  };
}
