import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands/registry';
import { cli } from './support/helpers';

/** Help is generated from the command definitions, so it can never forget a command or flag. */
describe('help generated from the registered commands', () => {
  it('--help lists every registered command with its summary', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    const listed = result.stdout
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line))
      .map((line) => line.trim().split(/\s{2,}/)[0]);
    expect(listed).toEqual(COMMANDS.map((command) => command.name));
    for (const command of COMMANDS) expect(result.stdout).toContain(command.summary);
  });

  it.each(COMMANDS.map((command) => ({ name: command.name, command })))(
    '$name --help shows every option it takes, and nothing else',
    async ({ name, command }) => {
      const result = await cli([...name.split(' '), '--help']);
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
      const words = command.name.split(' ');
      expect((await cli(['help', ...words])).stdout).toBe((await cli([...words, '--help'])).stdout);
    }
  });

  it('names every registered command when the command is missing or unknown', async () => {
    const names = COMMANDS.map((command) => command.name).join(', ');
    expect((await cli([])).stderr).toContain(`missing command; one of: ${names}`);
    expect((await cli(['launch'])).stderr).toContain(`unknown command "launch"; one of: ${names}`);
  });

  it('a group name lists its commands; a missing or unknown subcommand is named', async () => {
    const group = await cli(['leaders', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('leaders register');
    expect(group.stdout).toContain('leaders list');
    expect(group.stdout).not.toContain('allowlist set');
    const bare = await cli(['allowlist']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('allowlist needs a subcommand; one of: set, clear');
    const unknown = await cli(['window', 'open']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown command "window open"; window takes one of: set, show',
    );
    const extra = await cli(['seller', 'accept', 'now']);
    expect(extra.stderr).toContain('unexpected argument "now"');
  });

  it('points the removed ledger-only register-leader at the on-chain leaders register', async () => {
    const help = (await cli(['leaders', 'register', '--help'])).stdout;
    expect(help).toContain('the BFF indexes them from the');
    expect(help).not.toContain('register-leader');
    expect((await cli(['--help'])).stdout).not.toContain('register-leader');
    const removed = await cli(['register-leader', '--code', 'beast42', '--wallet', 'x']);
    expect(removed.code).toBe(2);
    expect(removed.stderr).toContain(
      '"register-leader" was removed: leader codes live on chain: register one with `leaders register --presale leader --code <code> --wallet <addr>`',
    );
  });

  it('rejects a flag of another command before running anything', async () => {
    const result = await cli(['set-goal', '--community', 'twitter', '--count', '3', '--sol', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--sol does not apply to set-goal');
  });
});
