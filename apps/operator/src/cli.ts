import { parseArgs } from 'node:util';
import { formatCommandHelp, formatUsage } from './cli-help';
import type { CliIo, Command } from './commands/command';
import { COMMANDS, findCommand } from './commands/registry';
import { EXIT_CODE, OperatorError, usageError } from './operator-error';
import type { ParsedValues } from './options/option-spec';

export type { CliIo } from './commands/command';

type ParserOptions = Record<string, { type: 'string' | 'boolean' }>;

/**
 * One parser for every command's options, so a mistyped flag is "Unknown option" whatever the
 * command, while a real flag given to the wrong command gets "--x does not apply to <command>".
 * Commands share flags (--keypair, --url, ...), so a flag must mean the same type everywhere.
 */
function parserOptions(commands: readonly Command[]): ParserOptions {
  const options: ParserOptions = { help: { type: 'boolean' } };
  for (const command of commands) {
    for (const [name, spec] of Object.entries(command.options)) {
      const known = options[name];
      if (known !== undefined && known.type !== spec.type) {
        throw new Error(
          `--${name} is a ${spec.type} option in ${command.name}, elsewhere ${known.type}`,
        );
      }
      options[name] = { type: spec.type };
    }
  }
  return options;
}

const PARSER_OPTIONS = parserOptions(COMMANDS);
const COMMAND_NAMES = COMMANDS.map((command) => command.name).join(', ');

/**
 * Runs one operator command. Returns the exit code: 0 on success, 1 when the operation failed,
 * 2 for bad arguments (with a precise message on stderr).
 */
/** A request that never reached the cluster (refused, unresolvable, reset): not a bug of ours. */
function isUnreachable(error: unknown): boolean {
  return (
    error instanceof Error && /fetch failed|ECONNREFUSED|ENOTFOUND|ECONNRESET/.test(error.message)
  );
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof OperatorError) {
      io.stderr(`operator: ${error.message}`);
      for (const line of error.logs) io.stderr(`  | ${line}`);
      if (error.exitCode === EXIT_CODE.usage) io.stderr(`Run \`operator --help\` for usage.`);
      return error.exitCode;
    }
    if (isUnreachable(error)) {
      io.stderr(
        `operator: the RPC endpoint could not be reached (${(error as Error).message}); check --url and that the cluster is up`,
      );
      return EXIT_CODE.failure;
    }
    io.stderr(`operator: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
    return EXIT_CODE.failure;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArguments(argv);
  const [name, ...extra] = positionals;
  if (values.help === true || name === 'help') {
    io.stdout(helpText(name === 'help' ? extra[0] : name));
    return EXIT_CODE.ok;
  }
  const command = resolveCommand(name);
  if (extra.length > 0) throw usageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  rejectForeignOptions(command, values);
  await command.run(withDefaults(command, values), io);
  return EXIT_CODE.ok;
}

function parseArguments(argv: readonly string[]): {
  values: ParsedValues;
  positionals: string[];
} {
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: PARSER_OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

/** A command's own help when it names one, else the list of commands. */
function helpText(name: string | undefined): string {
  const command = name === undefined ? undefined : findCommand(name);
  return command === undefined ? formatUsage(COMMANDS) : formatCommandHelp(command);
}

function resolveCommand(name: string | undefined): Command {
  if (name === undefined) throw usageError(`missing command; one of: ${COMMAND_NAMES}`);
  const command = findCommand(name);
  if (command === undefined)
    throw usageError(`unknown command ${JSON.stringify(name)}; one of: ${COMMAND_NAMES}`);
  return command;
}

function rejectForeignOptions(command: Command, values: ParsedValues): void {
  for (const key of Object.keys(values)) {
    if (key !== 'help' && !Object.hasOwn(command.options, key))
      throw usageError(`--${key} does not apply to ${command.name}`);
  }
}

/** Declared defaults fill in absent options, so commands see the value help promised. */
function withDefaults(command: Command, values: ParsedValues): ParsedValues {
  const defaults = Object.entries(command.options).flatMap(([name, spec]) =>
    spec.default === undefined ? [] : [[name, spec.default] as const],
  );
  return { ...Object.fromEntries(defaults), ...values };
}
