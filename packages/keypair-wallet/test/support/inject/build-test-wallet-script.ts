import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestWalletConfig } from './test-wallet-config';

let bundle: Promise<string> | undefined;

function bundleEntry(): Promise<string> {
  bundle ??= build({
    entryPoints: [fileURLToPath(new URL('./browser-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const [output] = result.outputFiles;
    if (output === undefined) throw new Error('esbuild produced no output for the test wallet');
    return output.text;
  });
  return bundle;
}

/**
 * A script for Playwright's `page.addInitScript` that registers a Wallet Standard wallet
 * signing with `config.secretKey` before the site's code runs. Node-side test tooling only.
 */
export async function buildTestWalletScript(config: TestWalletConfig): Promise<string> {
  return `window.__FBT_TEST_WALLET__ = ${JSON.stringify(config)};\n${await bundleEntry()}`;
}
