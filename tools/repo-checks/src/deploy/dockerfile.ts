/** One `FROM` stage of a Dockerfile: its base, its name and its instructions. */
export interface DockerStage {
  readonly from: string;
  readonly name: string | null;
  /** Instructions after FROM, continuation lines joined: `{ op: 'RUN', args: '...' }`. */
  readonly instructions: readonly { readonly op: string; readonly args: string }[];
}

export interface ParsedDockerfile {
  /** `ARG name=value` before the first FROM. */
  readonly globalArgs: Readonly<Record<string, string>>;
  readonly stages: readonly DockerStage[];
}

/**
 * A small Dockerfile reader for the checks: comments and blank lines dropped, `\` continuations
 * joined, split into stages at each FROM. Enough for the instructions this repository uses.
 */
export function parseDockerfile(text: string): ParsedDockerfile {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = '';
  }
  const globalArgs: Record<string, string> = {};
  const stages: {
    from: string;
    name: string | null;
    instructions: { op: string; args: string }[];
  }[] = [];
  for (const line of logical) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, from = '', name = null] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else if (stages.length === 0) {
      if (upper === 'ARG') {
        const [key = '', value = ''] = args.split('=');
        globalArgs[key] = value;
      }
    } else {
      stages.at(-1)?.instructions.push({ op: upper, args });
    }
  }
  return { globalArgs, stages };
}

/** The instructions of one kind in a stage. */
export function argsOf(stage: DockerStage | undefined, op: string): string[] {
  return (stage?.instructions ?? []).filter((item) => item.op === op).map((item) => item.args);
}
