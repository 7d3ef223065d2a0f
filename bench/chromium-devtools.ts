/** Debian's Chromium with a DevTools port, for tools that drive it over CDP (Lighthouse). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, requireChromium } from '@fbt/stack/testing';

/** Starts headless Chromium with a DevTools port; stopped by the returned function. */
export async function launchChromiumDevTools(): Promise<{
  port: number;
  stop: () => Promise<void>;
}> {
  requireChromium();
  const profile = mkdtempSync(join(tmpdir(), 'fbt-lighthouse-profile-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no DevTools port from Chromium: ${seen}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening: ${seen}`));
    });
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing the profile as the browser exits
      // (seen taking over a second on a busy machine): retried for up to 5 s.
      rmSync(profile, { recursive: true, force: true, maxRetries: 50, retryDelay: 100 });
    },
  };
}
