import { formatFixed, formatSol } from './units';
import { SYSTEM_PROGRAM_ADDRESS } from './verify-accounts';
import { deliveryLines, vaultLine, type PresaleLine } from './verify-delivery-checks';
import { factText, isoSeconds } from './verify-values';
import type {
  FactValue,
  ObservedPresale,
  ObservedPresaleState,
  VerifyExpectations,
  VerifyFact,
} from './verify-facts';

const text = factText;
const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;
/** Unix seconds as an ISO time, or `—` for the zero that means no bound. */
const bound = (seconds: bigint) => (seconds === 0n ? '—' : isoSeconds(seconds));

type Line = PresaleLine;

function sellerLine(
  presale: ObservedPresale,
  state: ObservedPresaleState,
  expected: VerifyExpectations,
): Line {
  const multisig = expected.multisigs.find((entry) => entry.address === state.seller);
  const account = presale.sellerAccount;
  const kind =
    multisig !== undefined
      ? `multisig:${multisig.label}`
      : account === null || account.owner === SYSTEM_PROGRAM_ADDRESS
        ? 'wallet'
        : `program:${account.owner}`;
  return {
    check: 'seller',
    passed: state.pendingSeller === null,
    value: text(state.seller),
    expected: text(state.seller),
    address: state.seller,
    note: state.pendingSeller === null ? kind : `pending:${state.pendingSeller}`,
  };
}

function allowlistLine(presale: ObservedPresale, state: ObservedPresaleState): Line {
  const published = presale.allowlist;
  const onChain = state.allowlistRoot;
  const value: FactValue = onChain === null ? { word: 'none' } : text(onChain);
  if (published.kind === 'unreadable') {
    return { check: 'allowlist', passed: false, value, expected: text(published.reason) };
  }
  if (published.kind === 'none') {
    return { check: 'allowlist', passed: onChain === null, value, expected: { word: 'none' } };
  }
  return {
    check: 'allowlist',
    passed: onChain === published.root,
    value,
    expected: text(published.root),
    note: String(published.wallets),
  };
}

/**
 * The lines of one presale: its price, limits, window, delivery mode, minimum raise and vesting
 * (as the team declares them, when it does), the leader commission (the program's rule, so it
 * holds when the program is the committed build), its seller, a vault holding at least what is
 * left to sell plus what is owed to buyers, an allowlist root equal to the published list's, and
 * whether buys are open.
 */
function presaleLines(
  presale: ObservedPresale,
  state: ObservedPresaleState,
  expected: VerifyExpectations,
  context: { programVerified: boolean },
): Line[] {
  const target = expected.presaleTargets[presale.variant] ?? null;
  const limitsSound =
    state.minUserBuyable > 0n &&
    state.minUserBuyable <= state.maxUserBuyable &&
    state.maxUserBuyable <= state.maxTotalBuyable;
  const percent = formatFixed(expected.leaderCommissionBps, 2);
  return [
    {
      check: 'price',
      passed: state.tokenPrice === expected.tokenPriceLamports,
      value: text(`${sol(state.tokenPrice)} / FBT`),
      expected: text(`${sol(expected.tokenPriceLamports)} / FBT`),
    },
    {
      check: 'wallet-limits',
      passed: limitsSound,
      value: text(`${sol(state.minUserBuyable)} – ${sol(state.maxUserBuyable)}`),
      expected: { word: 'valid' },
    },
    {
      check: 'total-limit',
      passed: target === null ? state.maxTotalBuyable > 0n : state.maxTotalBuyable === target,
      value: text(sol(state.maxTotalBuyable)),
      expected: target === null ? { word: 'valid' } : text(sol(target)),
    },
    {
      check: 'window',
      passed: state.saleEnd === 0n || state.saleEnd > state.saleStart,
      value: text(`${bound(state.saleStart)} → ${bound(state.saleEnd)}`),
      expected: { word: 'valid' },
    },
    ...deliveryLines(state, expected.presaleTerms[presale.variant] ?? null),
    {
      check: 'leader-commission',
      passed: context.programVerified,
      value: text(`${percent}%`),
      expected: text(`${percent}%`),
    },
    sellerLine(presale, state, expected),
    vaultLine(presale, state),
    allowlistLine(presale, state),
    {
      check: 'active',
      passed: state.isActive,
      value: { word: state.isActive ? 'active' : 'paused' },
      expected: { word: 'active' },
    },
  ];
}

/** One presale's facts; a presale that cannot be read fails its first line and shows no other. */
export function checkPresale(
  presale: ObservedPresale,
  expected: VerifyExpectations,
  context: { programVerified: boolean },
): VerifyFact[] {
  const { state } = presale;
  const readable = typeof state === 'object' && state !== null && state.isInitialized;
  const lines: Line[] = [
    {
      check: 'account',
      passed: readable && state.mint === expected.mint,
      value:
        state === null
          ? { word: 'missing' }
          : typeof state === 'object'
            ? text(state.mint)
            : { word: 'invalid' },
      expected: text(expected.mint),
    },
    ...(readable ? presaleLines(presale, state, expected, context) : []),
  ];
  return lines.map((line) => {
    const { address, note, ...rest } = line;
    return {
      ...rest,
      ...(note === undefined ? {} : { note }),
      group: 'presale',
      variant: presale.variant,
      id: `presale.${presale.variant}.${line.check}`,
      address: address ?? presale.address,
    };
  });
}
