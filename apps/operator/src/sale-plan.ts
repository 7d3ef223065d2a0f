import { PresaleInstruction } from '@fbt/presale-client';
import type { Connection, Keypair, TransactionInstruction } from '@solana/web3.js';
import type { CliIo } from './commands/command';
import type { OptionSpecs } from './options/option-spec';
import { sendInstructions } from './send';

/** `--dry-run`: every v2 sale-rule command can show what it would send, and send nothing. */
export const DRY_RUN_OPTION = {
  'dry-run': {
    type: 'boolean',
    description:
      'print the instructions, their accounts and the derived addresses, and send nothing',
  },
} as const satisfies OptionSpecs;

/** The account names of each instruction a dry run describes, in order (programs/presale/README.md). */
const ACCOUNT_ROLES: Readonly<Record<number, readonly string[]>> = {
  [PresaleInstruction.RegisterLeader]: [
    'seller',
    'presale',
    'leaderRecord',
    'leaderWallet',
    'systemProgram',
    'rentSysvar',
  ],
  [PresaleInstruction.SetLeaderActive]: ['seller', 'presale', 'leaderRecord'],
  [PresaleInstruction.SetAllowlist]: ['seller', 'presale'],
  [PresaleInstruction.SetWindow]: ['seller', 'presale'],
  [PresaleInstruction.ProposeSeller]: ['seller', 'presale'],
  [PresaleInstruction.AcceptSeller]: ['proposedSeller', 'presale'],
  [PresaleInstruction.Finalize]: ['presale'],
  [PresaleInstruction.WithdrawProceeds]: ['seller', 'presale'],
};

const INSTRUCTION_NAMES = new Map<number, string>(
  Object.entries(PresaleInstruction).map(([name, tag]) => [tag, name]),
);

/** One instruction as a dry run prints it. */
export interface DescribedInstruction {
  readonly programId: string;
  readonly instruction: string;
  readonly data: string;
  readonly accounts: readonly {
    readonly role: string;
    readonly address: string;
    readonly signer: boolean;
    readonly writable: boolean;
  }[];
}

/** Names an instruction of the presale program, its data (hex) and its accounts by role. */
export function describeInstruction(ix: TransactionInstruction): DescribedInstruction {
  const tag = ix.data[0] ?? -1;
  const roles = ACCOUNT_ROLES[tag] ?? [];
  return {
    programId: ix.programId.toBase58(),
    instruction: INSTRUCTION_NAMES.get(tag) ?? `unknown (${tag})`,
    data: ix.data.toString('hex'),
    accounts: ix.keys.map((key, i) => ({
      role: roles[i] ?? `account${i}`,
      address: key.pubkey.toBase58(),
      signer: key.isSigner,
      writable: key.isWritable,
    })),
  };
}

/** What a command sends: one or more transactions, all signed by the same keypair. */
export interface SalePlan {
  /** What the step is called in failures and progress lines ("leaders register"). */
  readonly step: string;
  readonly transactions: readonly (readonly TransactionInstruction[])[];
  readonly signer: Keypair;
}

/** The result part of a command's JSON: what would be sent, or the signatures. */
export type PlanOutcome =
  | { readonly dryRun: true; readonly transactions: readonly DescribedInstruction[][] }
  | { readonly dryRun: false; readonly signatures: readonly string[] };

/**
 * Sends the plan's transactions in order (each waits for 'confirmed'), or with `dryRun`
 * describes them and sends nothing. A failure names the step and how many went through.
 */
export async function runPlan(
  connection: Connection,
  plan: SalePlan,
  dryRun: boolean,
  io: CliIo,
): Promise<PlanOutcome> {
  if (dryRun) {
    return {
      dryRun: true,
      transactions: plan.transactions.map((instructions) => instructions.map(describeInstruction)),
    };
  }
  const signatures: string[] = [];
  const total = plan.transactions.length;
  for (const [i, instructions] of plan.transactions.entries()) {
    const step = total > 1 ? `${plan.step} (transaction ${i + 1} of ${total})` : plan.step;
    signatures.push(await sendInstructions(connection, step, instructions, [plan.signer]));
    if (total > 1) io.stderr(`${plan.step}: transaction ${i + 1} of ${total} confirmed`);
  }
  return { dryRun: false, signatures };
}
