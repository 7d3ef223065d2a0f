import {
  BPS_PER_WHOLE,
  LEADER_CODE_CHARACTERS,
  LEADER_CODE_MAX_LENGTH,
  LEADER_CODE_MIN_LENGTH,
  LEADER_COMMISSION_BPS,
} from '@fbt/domain';
import type { RootNode } from '@codama/nodes';

/**
 * The program's constants. Codama's program node has no constants section, so the IDL states
 * them as lines of the program node's docs, `constant <name> = <value>: <meaning>`, which
 * {@link readIdlConstants} reads back. The leader rule and commission come from the domain.
 */
export interface PresaleConstants {
  /** A leader buy pays the leader record floor(lamports * bps / bpsPerWhole). */
  readonly leaderCommissionBps: number;
  readonly bpsPerWhole: number;
  readonly leaderCodeMinLength: number;
  readonly leaderCodeMaxLength: number;
  /** The characters of a leader code, as a regular-expression class body. */
  readonly leaderCodeCharacters: string;
  /** Most hashes an allowlist proof may carry (2^20 wallets). */
  readonly maxAllowlistProofDepth: number;
  /** Most (buyer record, token account) pairs one Distribute takes. */
  readonly maxDistributeBuyers: number;
  /** Leading bytes of the buyer's key whose lowercase hex is its buyer record's seed. */
  readonly buyerRecordSeedKeyBytes: number;
  /** The presale's deliveryMode values. */
  readonly deliveryInstant: number;
  readonly deliveryAtCompletion: number;
  /** The presale's status values. */
  readonly saleOpen: number;
  readonly saleSoldOut: number;
  readonly saleSucceeded: number;
  readonly saleFailed: number;
}

export const PRESALE_CONSTANTS: PresaleConstants = {
  leaderCommissionBps: Number(LEADER_COMMISSION_BPS),
  bpsPerWhole: Number(BPS_PER_WHOLE),
  leaderCodeMinLength: LEADER_CODE_MIN_LENGTH,
  leaderCodeMaxLength: LEADER_CODE_MAX_LENGTH,
  leaderCodeCharacters: LEADER_CODE_CHARACTERS,
  maxAllowlistProofDepth: 20,
  maxDistributeBuyers: 28,
  buyerRecordSeedKeyBytes: 16,
  deliveryInstant: 0,
  deliveryAtCompletion: 1,
  saleOpen: 0,
  saleSoldOut: 1,
  saleSucceeded: 2,
  saleFailed: 3,
};

const MEANINGS: Record<keyof PresaleConstants, string> = {
  leaderCommissionBps: 'basis points of a leader buy paid to the leader record, rounded down',
  bpsPerWhole: 'basis points in a whole',
  leaderCodeMinLength: 'shortest leader code, in characters',
  leaderCodeMaxLength: 'longest leader code, in characters',
  leaderCodeCharacters: 'the characters a leader code may use (a regular-expression class)',
  maxAllowlistProofDepth: 'most hashes in an allowlist proof (2^20 wallets)',
  maxDistributeBuyers:
    'most (buyer record, token account) pairs in one Distribute (64 account locks per transaction)',
  buyerRecordSeedKeyBytes:
    'leading bytes of the buyer key whose lowercase hex is its buyer record’s seed (createAccountWithSeed, base = the authority)',
  deliveryInstant: 'deliveryMode: FBT move to the buyer in the buy',
  deliveryAtCompletion: 'deliveryMode: FBT stay in the vault until Distribute or Claim',
  saleOpen: 'status: buys accepted',
  saleSoldOut: 'status: sold out at completedAt, awaiting Finalize',
  saleSucceeded: 'status: finalized at or above the minimum raise (distribution)',
  saleFailed: 'status: finalized below the minimum raise (refunds)',
};

const CONSTANT_LINE = /^constant ([A-Za-z]+) = (\S+): /;

/** The docs lines that state {@link PRESALE_CONSTANTS}. */
export function constantDocLines(constants: PresaleConstants = PRESALE_CONSTANTS): string[] {
  return (Object.keys(MEANINGS) as (keyof PresaleConstants)[]).map(
    (name) => `constant ${name} = ${String(constants[name])}: ${MEANINGS[name]}`,
  );
}

/** Reads the constants back from an IDL's program docs; throws naming a missing one. */
export function readIdlConstants(root: RootNode): PresaleConstants {
  const found = new Map<string, string>();
  for (const line of root.program.docs ?? []) {
    const match = CONSTANT_LINE.exec(line);
    if (match?.[1] && match[2] !== undefined) found.set(match[1], match[2]);
  }
  const value = (name: keyof PresaleConstants): string => {
    const text = found.get(name);
    if (text === undefined) throw new Error(`the IDL states no constant ${name}`);
    return text;
  };
  const integer = (name: keyof PresaleConstants): number => {
    const number = Number(value(name));
    if (!Number.isSafeInteger(number)) throw new Error(`IDL constant ${name} is not an integer`);
    return number;
  };
  return {
    leaderCommissionBps: integer('leaderCommissionBps'),
    bpsPerWhole: integer('bpsPerWhole'),
    leaderCodeMinLength: integer('leaderCodeMinLength'),
    leaderCodeMaxLength: integer('leaderCodeMaxLength'),
    leaderCodeCharacters: value('leaderCodeCharacters'),
    maxAllowlistProofDepth: integer('maxAllowlistProofDepth'),
    maxDistributeBuyers: integer('maxDistributeBuyers'),
    buyerRecordSeedKeyBytes: integer('buyerRecordSeedKeyBytes'),
    deliveryInstant: integer('deliveryInstant'),
    deliveryAtCompletion: integer('deliveryAtCompletion'),
    saleOpen: integer('saleOpen'),
    saleSoldOut: integer('saleSoldOut'),
    saleSucceeded: integer('saleSucceeded'),
    saleFailed: integer('saleFailed'),
  };
}
