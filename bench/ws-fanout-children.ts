/**
 * The child processes of bench/ws-fanout.ts: each runs bench/ws-fanout.ts itself in another
 * role (server or clients), with its open-file limit raised to the hard one, and talks over
 * IPC. Messages are queued as they come, so none is lost between two waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TIMEOUT_MS = 120_000;
const MAIN = fileURLToPath(new URL('./ws-fanout.ts', import.meta.url));
const TSX = new URL('../node_modules/tsx/dist/esm/index.mjs', import.meta.url).href;

export type Message = Record<string, unknown> & { kind: string };

interface Inbox {
  readonly messages: Message[];
  /** Woken on every message and on exit. */
  readonly waiters: Set<() => void>;
}

const inboxes = new WeakMap<ChildProcess, Inbox>();

/** bench/ws-fanout.ts in `role`, with its open-file limit raised to the hard one. */
export function child(role: string, ...args: string[]): ChildProcess {
  const command = `ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  // Node itself with tsx's loader (not tsx's CLI, which would run a grandchild that a kill
  // leaves behind).
  const started = spawn(
    'sh',
    ['-c', command, process.execPath, '--import', TSX, MAIN, role, ...args],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const inbox: Inbox = { messages: [], waiters: new Set() };
  inboxes.set(started, inbox);
  const wake = () => {
    for (const waiter of [...inbox.waiters]) waiter();
  };
  started.on('message', (message: Message) => {
    inbox.messages.push(message);
    wake();
  });
  started.on('exit', wake);
  return started;
}

/** The next message of `kind` from a child (no polling: woken by its messages). */
export async function next<T extends object = object>(
  from: ChildProcess,
  kind: string,
): Promise<Message & T> {
  const inbox = inboxes.get(from);
  if (inbox === undefined) throw new Error('not a child of this bench');
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const index = inbox.messages.findIndex((message) => message.kind === kind);
    if (index >= 0) return inbox.messages.splice(index, 1)[0] as Message & T;
    if (from.exitCode !== null || from.signalCode !== null) {
      throw new Error(`${kind}: child exited (${from.exitCode ?? from.signalCode})`);
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} within ${TIMEOUT_MS} ms`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, deadline - Date.now());
      function done() {
        clearTimeout(timer);
        inbox?.waiters.delete(done);
        resolve();
      }
      inbox.waiters.add(done);
    });
  }
}

/** Drops every queued message of `kind` (sent before the measured part began). */
export function drain(from: ChildProcess, kind: string): void {
  const inbox = inboxes.get(from);
  if (inbox === undefined) return;
  const kept = inbox.messages.filter((message) => message.kind !== kind);
  inbox.messages.splice(0, inbox.messages.length, ...kept);
}
