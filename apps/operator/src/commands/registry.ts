import type { Command } from './command';
import { createMintCommand } from './create-mint';
import { createPresaleCommand } from './create-presale';
import { deployCommand } from './deploy';
import { fundCommand } from './fund';
import { migrateCommand } from './migrate';
import { registerLeaderCommand } from './register-leader';
import { seedLocalCommand } from './seed-local';
import { setActiveCommand } from './set-active';
import { setGoalCommand } from './set-goal';
import { statusCommand } from './status';
import { updateLimitsCommand } from './update-limits';
import { withdrawUnsoldCommand } from './withdraw-unsold';

/**
 * Every operator command, in the order help and "one of: …" messages list them: the chain's
 * lifecycle first (deploy, mint, presale, its day-to-day management), then local development,
 * then the BFF's ledger. Adding a command means writing its file and listing it here.
 */
export const COMMANDS: readonly Command[] = [
  deployCommand,
  createMintCommand,
  createPresaleCommand,
  setActiveCommand,
  updateLimitsCommand,
  withdrawUnsoldCommand,
  statusCommand,
  seedLocalCommand,
  fundCommand,
  registerLeaderCommand,
  setGoalCommand,
  migrateCommand,
];

/** The command called `name`, if there is one. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
