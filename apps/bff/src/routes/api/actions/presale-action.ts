import type { ActionGetResponse, LinkedAction } from '@solana/actions';
import type { PresaleSnapshot, PresaleVariant } from '@fbt/domain';
import {
  computePresaleTarget,
  computeProgress,
  computeTotalRemaining,
  FBT_AMOUNT,
  deliveryOf,
  FBT_DECIMALS,
  formatAmount,
  formatSol,
  isSoldOut,
  LAMPORTS_PER_SOL,
  SOL_AMOUNT,
  SOL_EXACT_AMOUNT,
} from '@fbt/domain';
import { PRESALE_ERRORS } from '@fbt/presale-client';
import {
  completionBlock,
  deliverySentence,
  soldOutBlock,
  windowEndedBlock,
  type SaleBlock,
} from './action-delivery';

export type { SaleBlock } from './action-delivery';

/** Preset buy buttons, in SOL lamports; those outside the presale's limits are left out. */
export const PRESET_LAMPORTS: readonly bigint[] = [
  LAMPORTS_PER_SOL / 2n,
  LAMPORTS_PER_SOL,
  5n * LAMPORTS_PER_SOL,
];

const TITLES: Record<PresaleVariant, string> = {
  public: 'FBT Presale',
  private: 'FBT Private Presale',
  leader: 'FBT Leader Presale',
};

const utcDate = (unixSeconds: number): string =>
  `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Whether the presale takes a buy at `nowSeconds`, by the rules the program enforces (and with
 * its messages): not complete (at completion: sold out awaiting Finalize, or finalized, each
 * saying what happens to the buyers' FBT or SOL), active, not sold out, inside its window
 * (`start <= now < end`), and no allowlist. An allowlisted presale takes no Blink buy: the GET that draws the Blink does not
 * know the wallet (the Solana Actions specification sends none), so everyone would see a button
 * most could not use; its buyers buy on the site, which has their proof.
 */
export function saleBlock(snapshot: PresaleSnapshot, nowSeconds: number): SaleBlock | null {
  const { state, rules } = snapshot;
  const completed = completionBlock(snapshot);
  if (completed !== null) return completed;
  if (!state.isInitialized || !state.isActived) {
    return { label: 'Presale paused', message: PRESALE_ERRORS[6018].message };
  }
  if (isSoldOut(state)) return soldOutBlock(snapshot);
  if (rules.saleStart !== null && nowSeconds < rules.saleStart) {
    return {
      label: 'Not started',
      message: `${PRESALE_ERRORS[6041].message} It opens on ${utcDate(rules.saleStart)}.`,
    };
  }
  if (rules.saleEnd !== null && nowSeconds >= rules.saleEnd) return windowEndedBlock(snapshot);
  if (rules.allowlistRoot !== null) {
    return {
      label: 'Allowlist only',
      message:
        'This presale is open to allowlisted wallets only, and they buy on the FBT site, not from a Blink.',
    };
  }
  return null;
}

/** Lamports as a JS number of SOL, for a parameter's numeric `min`/`max` (display only). */
const solNumber = (lamports: bigint): number => Number(formatSol(lamports));

/** What {@link presaleActionBody} describes. */
export interface PresaleActionInput {
  readonly variant: PresaleVariant;
  readonly snapshot: PresaleSnapshot;
  readonly nowSeconds: number;
  /** Absolute URL of the icon. */
  readonly iconUrl: string;
  /** The Action's own path (`/api/actions/presale/leader`), for the linked actions. */
  readonly actionPath: string;
  /** Leader presale: the code every buy credits. */
  readonly leaderCode?: string;
  /** A reason beyond the sale rules to take no buy (a suspended leader code). */
  readonly block?: SaleBlock | null;
}

/**
 * The GET answer: icon, title, a description with the live price, progress, limits and when the
 * FBT arrive (the presale's delivery mode and vesting), and
 * either buttons for preset amounts plus an amount field bounded by the chain's limits, or a
 * disabled button with the reason.
 */
export function presaleActionBody(input: PresaleActionInput): ActionGetResponse {
  const { variant, snapshot, leaderCode } = input;
  const { state } = snapshot;
  const target = computePresaleTarget(variant, state);
  const progress = computeProgress(state.currentTotalSold, target);
  const min = state.minUserBuyable;
  const totalLeft = computeTotalRemaining(state);
  const max = state.maxUserBuyable < totalLeft ? state.maxUserBuyable : totalLeft;
  const fbtPerSol =
    state.tokenPrice > 0n
      ? (LAMPORTS_PER_SOL * 10n ** BigInt(FBT_DECIMALS)) / state.tokenPrice
      : 0n;
  // Amounts as the site writes them in English (`formatAmount`).
  const sol = (lamports: bigint): string => formatAmount(lamports, SOL_AMOUNT, 'en');
  const description = [
    `Buy FBT at ${formatAmount(state.tokenPrice, SOL_EXACT_AMOUNT, 'en')} SOL per token (${formatAmount(fbtPerSol, FBT_AMOUNT, 'en')} FBT per SOL).`,
    `Raised ${sol(state.currentTotalSold)} of ${sol(target)} SOL (${progress.fillPercent.toFixed(1)}%).`,
    `Each wallet buys from ${sol(min)} to ${sol(state.maxUserBuyable)} SOL in total.`,
    deliverySentence(deliveryOf(snapshot)),
    ...(leaderCode === undefined
      ? []
      : [`Bought with leader code ${leaderCode}: the program credits the leader on chain.`]),
  ].join(' ');
  const block = input.block ?? saleBlock(snapshot, input.nowSeconds);
  const base = {
    type: 'action' as const,
    icon: input.iconUrl,
    title: TITLES[variant],
    description,
  };
  if (block !== null) {
    return { ...base, label: block.label, disabled: true, error: { message: block.message } };
  }
  const query = (amount: string): string =>
    `${input.actionPath}?${leaderCode === undefined ? '' : `code=${leaderCode}&`}amount=${amount}`;
  const presets: LinkedAction[] = PRESET_LAMPORTS.filter(
    (lamports) => lamports >= min && lamports <= max,
  ).map((lamports) => ({
    type: 'transaction',
    label: `Buy ${sol(lamports)} SOL`,
    href: query(formatSol(lamports)),
  }));
  return {
    ...base,
    label: 'Buy FBT',
    links: {
      actions: [
        ...presets,
        {
          type: 'transaction',
          label: 'Buy FBT',
          href: query('{amount}'),
          parameters: [
            {
              type: 'number',
              name: 'amount',
              label: `SOL amount (${sol(min)} to ${sol(max)})`,
              required: true,
              min: solNumber(min),
              max: solNumber(max),
              pattern: '^\\d*\\.?\\d{0,9}$',
              patternDescription: 'An amount of SOL with at most 9 decimals, like 1.5',
            },
          ],
        },
      ],
    },
  };
}
