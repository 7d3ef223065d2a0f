import type { Command } from './commands/command';
import type { OptionSpec } from './options/option-spec';

const EXIT_CODES = 'Exit codes: 0 ok, 1 the operation failed, 2 bad arguments.';
const LINE_WIDTH = 100;

/** `operator --help`: every command with its one-line summary, straight from the registry. */
export function formatUsage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 3;
  return [
    'Usage: operator <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'Run `operator <command> --help` for its options.',
    EXIT_CODES,
  ].join('\n');
}

/** `operator <command> --help`: its synopsis, what it does, and every option it declares. */
export function formatCommandHelp(command: Command): string {
  const rows = Object.entries(command.options).map(([name, spec]) => ({
    flag: flagWithValue(name, spec),
    token: synopsisToken(name, spec),
    description: describe(spec),
  }));
  const width = Math.max(...rows.map((row) => row.flag.length)) + 3;
  return [
    ...wrapSynopsis(
      `Usage: operator ${command.name} `,
      rows.map((row) => row.token),
    ),
    '',
    `${command.summary.charAt(0).toUpperCase()}${command.summary.slice(1)}.`,
    ...command.notes,
    '',
    'Options:',
    ...rows.map((row) => `  ${row.flag.padEnd(width)}${row.description}`),
    '',
    EXIT_CODES,
  ].join('\n');
}

function flagWithValue(name: string, spec: OptionSpec): string {
  return spec.value === undefined ? `--${name}` : `--${name} ${spec.value}`;
}

/** Required options bare, the others in brackets, as man pages write them. */
function synopsisToken(name: string, spec: OptionSpec): string {
  const flag = flagWithValue(name, spec);
  return spec.required === true ? flag : `[${flag}]`;
}

function describe(spec: OptionSpec): string {
  return spec.default === undefined
    ? spec.description
    : `${spec.description} (default ${spec.default})`;
}

/** Fills lines up to the terminal width, continuation lines indented under the first option. */
function wrapSynopsis(prefix: string, tokens: readonly string[]): string[] {
  const indent = ' '.repeat(prefix.length);
  const lines: string[] = [];
  let line = prefix;
  for (const token of tokens) {
    const blank = line === prefix || line === indent;
    if (!blank && line.length + 1 + token.length > LINE_WIDTH) {
      lines.push(line);
      line = indent;
    }
    line += line === prefix || line === indent ? token : ` ${token}`;
  }
  lines.push(line);
  return lines;
}
