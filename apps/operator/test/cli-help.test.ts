import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands/registry';
import { cli } from './helpers';

/** Help is generated from the command definitions, so it can never forget a command or flag. */
describe('help generated from the registered commands', () => {
  it('--help lists every registered command with its summary', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    const listed = result.stdout
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line))
      .map((line) => line.trim().split(/\s+/)[0]);
    expect(listed).toEqual(COMMANDS.map((command) => command.name));
    for (const command of COMMANDS) expect(result.stdout).toContain(command.summary);
  });

  it.each(COMMANDS.map((command) => ({ name: command.name, command })))(
    '$name --help shows every option it takes, and nothing else',
    async ({ name, command }) => {
      const result = await cli([name, '--help']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`Usage: operator ${name} `);
      const optionLines = result.stdout.split('\n').filter((line) => line.startsWith('  --'));
      const shown = optionLines.map((line) => line.trim().split(' ')[0]);
      expect(shown).toEqual(Object.keys(command.options).map((option) => `--${option}`));
      for (const [option, spec] of Object.entries(command.options)) {
        const line = optionLines.find((text) => text.trim().split(' ')[0] === `--${option}`);
        expect(line).toContain(spec.description);
        if (spec.default !== undefined) expect(line).toContain(`(default ${spec.default})`);
      }
    },
  );

  it('`help <command>` is the same as `<command> --help`', async () => {
    for (const command of COMMANDS) {
      expect((await cli(['help', command.name])).stdout).toBe(
        (await cli([command.name, '--help'])).stdout,
      );
    }
  });

  it('names every registered command when the command is missing or unknown', async () => {
    const names = COMMANDS.map((command) => command.name).join(', ');
    expect((await cli([])).stderr).toContain(`missing command; one of: ${names}`);
    expect((await cli(['launch'])).stderr).toContain(`unknown command "launch"; one of: ${names}`);
  });

  it('rejects a flag of another command before running anything', async () => {
    const result = await cli(['set-goal', '--community', 'twitter', '--count', '3', '--sol', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--sol does not apply to set-goal');
  });
});
