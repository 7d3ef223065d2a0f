import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

/** A BFF process started by a check, with what it printed. */
export interface BffProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** The site URL, once the BFF logs that it listens (rejects if it exits first). */
  readonly listening: Promise<string>;
  output(): string;
}

/** Starts `command` and follows its output for Fastify's "Server listening at" line. */
export function startBffProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): BffProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url !== undefined) resolve(url);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  // Awaited by the checks; a process that exits while nobody waits is no unhandled rejection.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => output };
}

/** The command names of a process's children (from /proc/<pid>/stat: pid (comm) state ppid). */
export function childCommands(parent: number): string[] {
  const names: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match !== null && Number(match[2]) === parent) names.push(match[1] ?? '');
  }
  return names;
}

/** A deployment file of valid shape whose chain is unreachable (port 9). */
export function writeUnreachableDeployment(file: string): void {
  writeFileSync(
    file,
    JSON.stringify({
      cluster: 'localnet',
      rpcUrl: 'http://127.0.0.1:9',
      wsUrl: 'ws://127.0.0.1:9',
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      mint: 'So11111111111111111111111111111111111111112',
      privateRouteName: 'private',
      presales: {
        public: { address: 'SysvarRent111111111111111111111111111111111' },
        private: { address: 'SysvarC1ock11111111111111111111111111111111' },
        leader: { address: 'Stake11111111111111111111111111111111111111' },
      },
    }),
  );
}
