import { execFileSync } from 'node:child_process';

/**
 * YAML text as the JSON value it holds, read by the PyYAML of the python3 that runs Debian's
 * docker-compose (no YAML package of our own: the checks need only to read).
 */
export function parseYaml(text: string): unknown {
  const json = execFileSync(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    { input: text, encoding: 'utf8' },
  );
  return JSON.parse(json) as unknown;
}
