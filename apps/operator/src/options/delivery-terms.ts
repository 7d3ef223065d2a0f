import { formatSol } from '@fbt/domain';
import { assertDeliveryTerms, type DeliveryTerms } from '@fbt/presale-client';
import { usageError } from '../operator-error';
import type { OptionSpecs } from './option-spec';
import { parseWith, solAmount } from './validators';

/** How a new presale delivers its FBT, its minimum raise and its vesting (create-presale). */
export const DELIVERY_TERMS_OPTIONS = {
  delivery: {
    type: 'string',
    value: 'instant|at-completion',
    default: 'instant',
    description:
      'instant: FBT in each buy; at-completion: kept in the vault and distributed once the sale completes (needs --end)',
  },
  'minimum-raise': {
    type: 'string',
    value: '<SOL>',
    description:
      'at completion: SOL the sale must reach, else buyers are refunded (their SOL waits in escrow)',
  },
  'unlocked-at-completion': {
    type: 'string',
    value: '<percent>',
    description:
      "at completion: share of each buyer's FBT unlocked when the sale completes (default 100, or 0 with --vesting)",
  },
  cliff: {
    type: 'string',
    value: '<duration>',
    description:
      'nothing more unlocks until this long after completion, e.g. 30d (needs --vesting)',
  },
  vesting: {
    type: 'string',
    value: '<duration>',
    description:
      'everything is unlocked this long after completion, linearly from the cliff on, e.g. 180d',
  },
} as const satisfies OptionSpecs;

type TermsValues = {
  readonly delivery: string;
  readonly 'minimum-raise'?: string;
  readonly 'unlocked-at-completion'?: string;
  readonly cliff?: string;
  readonly vesting?: string;
};

/** The longest duration the program stores (u32 seconds, about 136 years). */
const MAX_SECONDS = 0xffff_ffff;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** A duration as typed (`90d`, `12h`, `30m`, `3600s`; a bare number is seconds) in seconds. */
export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (match === null) {
    throw usageError(
      `${flag} must be a duration like 90d, 12h, 30m or 3600s (a bare number is seconds), not ${JSON.stringify(text)}`,
    );
  }
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  if (!Number.isSafeInteger(seconds) || seconds > MAX_SECONDS) {
    throw usageError(`${flag} ${text} is too long (at most ${MAX_SECONDS} s, about 136 years)`);
  }
  return seconds;
}

/** A percentage with at most two decimals (`25`, `12.5`, `0.01`) in basis points. */
export function parsePercentBps(flag: string, text: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  const bps =
    match === null ? NaN : Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!(bps <= 10_000)) {
    throw usageError(
      `${flag} must be a percentage from 0 to 100 with at most two decimals (e.g. 25 or 12.5), not ${JSON.stringify(text)}`,
    );
  }
  return bps;
}

const durationText = (seconds: number) =>
  seconds % 86_400 === 0 ? `${seconds / 86_400}d` : `${seconds}s`;

/** The vesting flags, checked against each other the way the program checks them. */
function parseVesting(values: TermsValues): DeliveryTerms['vesting'] {
  const vestingSeconds =
    values.vesting === undefined ? 0 : parseDuration('--vesting', values.vesting);
  const cliffSeconds = values.cliff === undefined ? 0 : parseDuration('--cliff', values.cliff);
  if (values.vesting !== undefined && vestingSeconds === 0) {
    throw usageError('--vesting must be longer than 0 (leave it out for no vesting)');
  }
  const bps =
    values['unlocked-at-completion'] === undefined
      ? vestingSeconds > 0
        ? 0
        : 10_000
      : parsePercentBps('--unlocked-at-completion', values['unlocked-at-completion']);
  if (values.cliff !== undefined && vestingSeconds === 0) {
    throw usageError('--cliff needs --vesting <duration>: the cliff is part of a vesting');
  }
  if (bps < 10_000 && vestingSeconds === 0) {
    throw usageError(
      `--unlocked-at-completion ${values['unlocked-at-completion'] ?? ''} leaves the rest locked: say when it unlocks with --vesting <duration>`,
    );
  }
  if (bps === 10_000 && vestingSeconds > 0) {
    throw usageError(
      '--vesting needs --unlocked-at-completion below 100: with everything unlocked at completion nothing vests',
    );
  }
  if (cliffSeconds > vestingSeconds) {
    throw usageError(
      `--cliff (${durationText(cliffSeconds)}) must not be longer than --vesting (${durationText(vestingSeconds)})`,
    );
  }
  return { unlockedAtCompletionBps: bps, cliffSeconds, vestingSeconds };
}

/**
 * The delivery terms the flags describe, checked against the program's rules with a message
 * naming the flag: `undefined` for `--delivery instant` (the original Initialize, no terms),
 * whose only refusal is a term given anyway. A minimum raise must be one every sold-out sale
 * reaches: a sale sells out once less than one minimum purchase is left, so it may raise as
 * little as the total maximum less the minimum purchase plus one lamport, and a higher minimum
 * would let one buyer sell it out short of it and fail it on purpose. An at-completion sale
 * needs an end to its window (`hasEnd`): the program takes no buy without one, since buyers
 * wait for their FBT (and their escrowed SOL) until it completes.
 */
export function parseDeliveryTerms(
  values: TermsValues,
  limits: {
    readonly minUserBuyable: bigint;
    readonly maxTotalBuyable: bigint;
    readonly hasEnd: boolean;
  },
): DeliveryTerms | undefined {
  const terms = ['minimum-raise', 'unlocked-at-completion', 'cliff', 'vesting'] as const;
  if (values.delivery === 'instant') {
    const given = terms.filter((flag) => values[flag] !== undefined);
    if (given.length > 0) {
      throw usageError(
        `${given.map((flag) => `--${flag}`).join(', ')}: only with --delivery at-completion (an instant presale delivers in each buy, with no minimum raise and no vesting)`,
      );
    }
    return undefined;
  }
  if (values.delivery !== 'at-completion') {
    throw usageError(
      `--delivery must be instant or at-completion, not ${JSON.stringify(values.delivery)}`,
    );
  }
  const minimumRaise =
    values['minimum-raise'] === undefined
      ? 0n
      : parseWith(solAmount('--minimum-raise'), values['minimum-raise']);
  if (values['minimum-raise'] !== undefined && minimumRaise === 0n) {
    throw usageError('--minimum-raise must be greater than 0 (leave it out for none)');
  }
  if (minimumRaise > limits.maxTotalBuyable) {
    throw usageError(
      `--minimum-raise (${formatSol(minimumRaise)} SOL) must not exceed --max-total-sol (${formatSol(limits.maxTotalBuyable)} SOL)`,
    );
  }
  const lowestSoldOut = limits.maxTotalBuyable - limits.minUserBuyable + 1n;
  if (minimumRaise > lowestSoldOut) {
    throw usageError(
      `--minimum-raise (${formatSol(minimumRaise)} SOL) must be at most ${formatSol(lowestSoldOut)} SOL: the sale sells out once less than --min-sol is left, so a sold-out sale may raise only --max-total-sol minus --min-sol plus one lamport, and a higher minimum would let one buyer fail it on purpose`,
    );
  }

  const vesting = parseVesting(values);
  if (!limits.hasEnd) {
    const escrow = minimumRaise > 0n ? ' (and, below the minimum raise, their SOL)' : '';
    throw usageError(
      `--delivery at-completion needs --end <time>: buyers wait for their FBT${escrow} until the sale completes, so it must end (it completes earlier if it sells out)`,
    );
  }
  const result: DeliveryTerms = {
    mode: 'at-completion',
    minimumRaise,
    vesting,
  };
  // The program's own rule, as the client states it (a backstop: the flags checked each above).
  assertDeliveryTerms(result);
  return result;
}
