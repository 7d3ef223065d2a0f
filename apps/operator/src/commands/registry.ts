import { allowlistClearCommand } from './allowlist-clear';
import { allowlistSetCommand } from './allowlist-set';
import type { Command } from './command';
import { createMintCommand } from './create-mint';
import { createPresaleCommand } from './create-presale';
import { deployCommand } from './deploy';
import { distributeCommand } from './distribute';
import { finalizeCommand } from './finalize';
import { fundCommand } from './fund';
import { leadersListCommand } from './leaders-list';
import { leadersRegisterCommand } from './leaders-register';
import { leadersSuspendCommand } from './leaders-suspend';
import { lookupTableCommand } from './lookup-table';
import { migrateCommand } from './migrate';
import { seedLocalCommand } from './seed-local';
import { sellerAcceptCommand } from './seller-accept';
import { sellerProposeCommand } from './seller-propose';
import { setActiveCommand } from './set-active';
import { setGoalCommand } from './set-goal';
import { statusCommand } from './status';
import { updateLimitsCommand } from './update-limits';
import { windowSetCommand } from './window-set';
import { windowShowCommand } from './window-show';
import { withdrawProceedsCommand } from './withdraw-proceeds';
import { withdrawUnsoldCommand } from './withdraw-unsold';

/**
 * Every operator command, in the order help and "one of: …" messages list them: the chain's
 * lifecycle first (deploy, mint, presale, its day-to-day management, its completion: finalize,
 * distribute, proceeds; the v2 sale rules: on-chain leaders, allowlist, window, seller
 * rotation), then local development, then the BFF's ledger. Adding a command means writing its file and listing it here.
 */
export const COMMANDS: readonly Command[] = [
  deployCommand,
  createMintCommand,
  createPresaleCommand,
  setActiveCommand,
  updateLimitsCommand,
  withdrawUnsoldCommand,
  statusCommand,
  finalizeCommand,
  distributeCommand,
  withdrawProceedsCommand,
  leadersRegisterCommand,
  leadersSuspendCommand,
  leadersListCommand,
  allowlistSetCommand,
  allowlistClearCommand,
  windowSetCommand,
  windowShowCommand,
  sellerProposeCommand,
  sellerAcceptCommand,
  lookupTableCommand,
  seedLocalCommand,
  fundCommand,
  setGoalCommand,
  migrateCommand,
];

/**
 * Commands that are gone, with what to run instead: an old runbook's line gets a precise answer
 * instead of "unknown command".
 */
export const REMOVED_COMMANDS: Readonly<Record<string, string>> = {
  'register-leader':
    'leader codes live on chain: register one with `leaders register --presale leader --code <code> --wallet <addr>`; the BFF indexes it from its leader record',
};

/** The command called `name`, if there is one. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
