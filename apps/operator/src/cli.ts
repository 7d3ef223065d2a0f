import { parseArgs } from 'node:util';
import { formatCommandHelp, formatUsage } from './cli-help';
import type { CliIo, Command } from './commands/command';
import { COMMANDS, findCommand, REMOVED_COMMANDS } from './commands/registry';
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
  if (values.help === true || positionals[0] === 'help') {
    io.stdout(helpText(positionals[0] === 'help' ? positionals.slice(1) : positionals));
    return EXIT_CODE.ok;
  }
  const { command, extra } = resolveCommand(positionals);
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

/**
 * A command's own help when the words name one, the group's commands for a group name alone
 * (`leaders --help`), else the list of commands.
 */
function helpText(words: readonly string[]): string {
  const found = matchCommand(words);
  if (found !== undefined) return formatCommandHelp(found.command);
  const group = words[0] === undefined ? [] : groupCommands(words[0]);
  return formatUsage(group.length > 0 ? group : COMMANDS);
}

/** The commands of a group: `leaders` -> leaders register, leaders suspend, leaders list. */
function groupCommands(group: string): Command[] {
  return COMMANDS.filter((command) => command.name.startsWith(`${group} `));
}

/** The command the first one or two words name (`status`, `leaders register`), and the rest. */
function matchCommand(
  words: readonly string[],
): { command: Command; extra: readonly string[] } | undefined {
  const [first, second] = words;
  if (first === undefined) return undefined;
  const pair = second === undefined ? undefined : findCommand(`${first} ${second}`);
  if (pair !== undefined) return { command: pair, extra: words.slice(2) };
  const single = findCommand(first);
  return single === undefined ? undefined : { command: single, extra: words.slice(1) };
}

function resolveCommand(words: readonly string[]): { command: Command; extra: readonly string[] } {
  const [name, sub] = words;
  if (name === undefined) throw usageError(`missing command; one of: ${COMMAND_NAMES}`);
  const found = matchCommand(words);
  if (found !== undefined) return found;
  const group = groupCommands(name);
  if (group.length > 0) {
    const subcommands = group.map((command) => command.name.slice(name.length + 1)).join(', ');
    throw usageError(
      sub === undefined
        ? `${name} needs a subcommand; one of: ${subcommands}`
        : `unknown command "${name} ${sub}"; ${name} takes one of: ${subcommands}`,
    );
  }
  const replacement = REMOVED_COMMANDS[name];
  if (replacement !== undefined) throw usageError(`"${name}" was removed: ${replacement}`);
  throw usageError(`unknown command ${JSON.stringify(name)}; one of: ${COMMAND_NAMES}`);
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
