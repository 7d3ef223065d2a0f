import { computeTokenAmount } from './presale-rules';
import type { VestingTerms } from './presale-delivery';
import { formatFixed, formatSol } from './units';
import { factNote, factText, factWord, groupThousands, isoSeconds } from './verify-values';
import type {
  DeclaredPresaleTerms,
  FactValue,
  ObservedPresale,
  ObservedPresaleState,
  PresaleCheck,
} from './verify-facts';

/*
 * The presale lines of its delivery: the mode, the minimum raise and the vesting (each passed
 * when the team declares no terms for the presale, or the chain's term is the one it declares),
 * and the vault holding at least what is left to sell plus what is owed to buyers.
 */

/** A line of a presale's report, before its id and group are added. */
export interface PresaleLine {
  readonly check: PresaleCheck;
  readonly passed: boolean;
  readonly value: FactValue;
  readonly expected: FactValue;
  /** Defaults to the presale account. */
  readonly address?: string;
  readonly note?: string;
}

const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;

/** FBT base units the vault must still hold for sale: what the unsold SOL total buys at the price. */
export function tokensLeftToSell(state: ObservedPresaleState): bigint {
  const unsold = state.maxTotalBuyable - state.currentTotalSold;
  if (unsold <= 0n || state.tokenPrice === 0n) return 0n;
  return computeTokenAmount(unsold, state.tokenPrice, state.decimals);
}

/**
 * FBT base units the vault must hold: what is left to sell while the sale still sells (an
 * instant presale, or one at completion until it sells out or is finalized: WithdrawUnsold
 * waits for Finalize there), plus what is owed to buyers (`tokensOwed`: bought and not yet
 * delivered, which Distribute and Claim take off and a failed Finalize zeroes). After Finalize
 * the unsold FBT may leave, so only what is owed remains required.
 */
export function tokensVaultMustHold(state: ObservedPresaleState): {
  readonly left: bigint;
  readonly owed: bigint;
  readonly total: bigint;
} {
  const selling = state.delivery.status === 'open';
  const left = selling ? tokensLeftToSell(state) : 0n;
  const owed = state.delivery.tokensOwed;
  return { left, owed, total: left + owed };
}

/** The vault's line: the presale's mint, owned by its authority, no delegate or closer, enough FBT. */
export function vaultLine(presale: ObservedPresale, state: ObservedPresaleState): PresaleLine {
  const vault = presale.vault;
  const need = tokensVaultMustHold(state);
  const fbt = (units: bigint) => `${groupThousands(formatFixed(units, state.decimals))} FBT`;
  const sound = vault !== null && vault.mint === state.mint && vault.owner === state.authority;
  const atCompletion = state.delivery.mode === 'at-completion';
  return {
    check: 'vault',
    passed:
      sound &&
      vault.amount >= need.total &&
      vault.delegate === null &&
      vault.closeAuthority === null,
    value:
      vault === null
        ? factWord('missing')
        : sound
          ? factText(fbt(vault.amount))
          : factWord('invalid'),
    expected: factText(`≥ ${fbt(need.total)}`),
    address: state.vault,
    ...(atCompletion ? { note: factNote({ left: fbt(need.left), owed: fbt(need.owed) }) } : {}),
  };
}

function sameVesting(a: VestingTerms, b: VestingTerms): boolean {
  return (
    a.unlockedAtCompletionBps === b.unlockedAtCompletionBps &&
    a.cliffSeconds === b.cliffSeconds &&
    a.vestingSeconds === b.vestingSeconds
  );
}

/** The vesting as a value: none (instant), everything at completion, or the schedule's figures. */
export function vestingValue(mode: DeclaredPresaleTerms['mode'], vesting: VestingTerms): FactValue {
  if (mode === 'instant') return factWord('none');
  if (vesting.vestingSeconds === 0) return factWord('all-at-completion');
  const params = {
    unlockedBps: String(vesting.unlockedAtCompletionBps),
    vestingSeconds: String(vesting.vestingSeconds),
  };
  return vesting.cliffSeconds === 0
    ? factWord('vesting', params)
    : factWord('vesting-cliff', { ...params, cliffSeconds: String(vesting.cliffSeconds) });
}

/** The dates of a completed at-completion sale's vesting: completion, the cliff's end, full unlock. */
export function vestingDates(state: ObservedPresaleState): string | undefined {
  const { mode, completedAt, vesting } = state.delivery;
  if (mode !== 'at-completion' || completedAt === null) return undefined;
  const full = vesting.vestingSeconds > 0;
  return factNote({
    completed: isoSeconds(completedAt),
    cliff:
      full && vesting.cliffSeconds > 0 ? isoSeconds(completedAt + vesting.cliffSeconds) : undefined,
    unlocked: full ? isoSeconds(completedAt + vesting.vestingSeconds) : undefined,
  });
}

/** Where a minimum raise stands: raising until Finalize, then met (succeeded) or missed (failed). */
function minimumState(state: ObservedPresaleState): 'raising' | 'met' | 'missed' {
  if (state.delivery.status === 'succeeded') return 'met';
  if (state.delivery.status === 'failed') return 'missed';
  return 'raising';
}

/** The delivery mode, minimum raise and vesting lines of a readable presale. */
export function deliveryLines(
  state: ObservedPresaleState,
  declared: DeclaredPresaleTerms | null,
): PresaleLine[] {
  const { delivery } = state;
  const atCompletion = delivery.mode === 'at-completion';
  const minimum = (lamports: bigint): FactValue =>
    lamports === 0n ? factWord('none') : factText(sol(lamports));
  const vesting = vestingValue(delivery.mode, delivery.vesting);
  const dates = vestingDates(state);
  return [
    {
      check: 'delivery-mode',
      passed: declared === null || declared.mode === delivery.mode,
      value: factWord(delivery.mode),
      expected: factWord(declared?.mode ?? delivery.mode),
      ...(atCompletion ? { note: factNote({ status: delivery.status }) } : {}),
    },
    {
      check: 'minimum-raise',
      passed: declared === null || declared.minimumRaise === delivery.minimumRaise,
      value: minimum(delivery.minimumRaise),
      expected: minimum(declared?.minimumRaise ?? delivery.minimumRaise),
      ...(delivery.minimumRaise === 0n
        ? {}
        : {
            note: factNote({
              state: minimumState(state),
              raised: sol(state.currentTotalSold),
              escrow: sol(delivery.escrowLamports),
            }),
          }),
    },
    {
      check: 'vesting',
      passed: declared === null || sameVesting(declared.vesting, delivery.vesting),
      value: vesting,
      expected:
        declared === null
          ? vesting
          : vestingValue(
              declared.vesting.vestingSeconds > 0 ? 'at-completion' : delivery.mode,
              declared.vesting,
            ),
      ...(dates === undefined ? {} : { note: dates }),
    },
  ];
}
