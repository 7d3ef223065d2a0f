import type { OptionSpecs, OptionValues, ParsedValues } from '../options/option-spec';

/** Where output goes; tests pass buffers. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

/** A command as its file declares it: typed against its own options. */
export interface CommandDefinition<O extends OptionSpecs> {
  readonly name: string;
  /** One line for the command list in `--help`. */
  readonly summary: string;
  /** Extra lines for the command's own help (constraints, where defaults come from). */
  readonly notes?: readonly string[];
  readonly options: O;
  /** Does the work and prints the result; throws an OperatorError on bad input or failure. */
  readonly run: (values: OptionValues<O>, io: CliIo) => Promise<void>;
}

/** A command as the registry and the dispatcher see it, whatever its options are. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly notes: readonly string[];
  readonly options: OptionSpecs;
  readonly run: (values: ParsedValues, io: CliIo) => Promise<void>;
}

/**
 * Declares a command. The registry holds commands with different options in one list, so this
 * erases the option types; the cast is sound because the dispatcher parses with exactly these
 * option types and rejects options the command does not declare.
 */
export function defineCommand<O extends OptionSpecs>(definition: CommandDefinition<O>): Command {
  return {
    name: definition.name,
    summary: definition.summary,
    notes: definition.notes ?? [],
    options: definition.options,
    run: (values, io) => definition.run(values as OptionValues<O>, io),
  };
}
