import { existsSync } from 'node:fs';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWalletScript } from './support/index';

const CHROMIUM = '/usr/bin/chromium';
const payer = Keypair.fromSeed(new Uint8Array(32).fill(4));

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: run \`bash scripts/install-system-deps.sh\` (apt-get install chromium)`,
    );
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  await page.addInitScript({
    content: await buildTestWalletScript({
      name: 'FBT Test Wallet',
      secretKey: Array.from(payer.secretKey),
      chains: ['solana:localnet'],
    }),
  });
  await page.goto('data:text/html,<title>wallet</title>');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Plays the part of a dapp: announces itself and keeps the wallet the page registers. */
async function registerAndCall<T>(body: string): Promise<T> {
  return page.evaluate<T>(`new Promise((resolve, reject) => {
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register(wallet) {
      (async () => { ${body} })().then(resolve, (error) => resolve({ error: error.message, code: error.code }));
      return () => {};
    } } }));
  })`);
}

describe('the injected test wallet in Chromium', () => {
  it('registers with the Wallet Standard and connects', async () => {
    const result = await registerAndCall<{ name: string; address: string }>(`
      const { accounts } = await wallet.features['standard:connect'].connect();
      return { name: wallet.name, address: accounts[0].address };
    `);
    expect(result).toEqual({ name: 'FBT Test Wallet', address: payer.publicKey.toBase58() });
  });

  it('signs a real transaction that web3.js verifies', async () => {
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: new PublicKey(new Uint8Array(32).fill(5)),
        lamports: 1_000,
      }),
    );
    const unsigned = Array.from(tx.serialize({ requireAllSignatures: false }));
    const signed = await registerAndCall<number[]>(`
      const { accounts } = await wallet.features['standard:connect'].connect();
      const [out] = await wallet.features['solana:signTransaction'].signTransaction({
        account: accounts[0], transaction: Uint8Array.from(${JSON.stringify(unsigned)}),
      });
      return Array.from(out.signedTransaction);
    `);
    expect(Transaction.from(Uint8Array.from(signed)).verifySignatures()).toBe(true);
  });

  it('rejects on demand and records what it was asked', async () => {
    const result = await registerAndCall<{ error: string; code: number }>(`
      window.fbtTestWallet.reject.signMessage = true;
      const { accounts } = await wallet.features['standard:connect'].connect();
      await wallet.features['solana:signMessage'].signMessage({ account: accounts[0], message: new Uint8Array([1]) });
    `);
    expect(result).toEqual({ error: 'User rejected the request.', code: 4001 });
    expect(await page.evaluate('window.fbtTestWallet.requests')).toContain('signMessage');
  });

  it('switches account and disconnects from its own side, telling listeners each time', async () => {
    const other = Keypair.fromSeed(new Uint8Array(32).fill(9));
    const seen = await registerAndCall<string[][]>(`
      const seen = [];
      await wallet.features['standard:connect'].connect();
      wallet.features['standard:events'].on('change', ({ accounts }) =>
        seen.push(accounts.map((account) => account.address)));
      window.fbtTestWallet.switchAccount(${JSON.stringify(Array.from(other.secretKey))});
      await window.fbtTestWallet.disconnect();
      return seen;
    `);
    expect(seen).toEqual([[other.publicKey.toBase58()], []]);
  });

  it('still signs when its preview cannot reach the RPC, and records why', async () => {
    const previewing = await browser.newPage();
    await previewing.addInitScript({
      content: await buildTestWalletScript({
        name: 'FBT Test Wallet',
        secretKey: Array.from(payer.secretKey),
        chains: ['solana:localnet'],
        // Port 1 on loopback: nothing listens there.
        previewRpc: 'http://127.0.0.1:1/rpc',
      }),
    });
    await previewing.goto('data:text/html,<title>wallet</title>');
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: new PublicKey(new Uint8Array(32).fill(5)),
        lamports: 1_000,
      }),
    );
    const unsigned = JSON.stringify(Array.from(tx.serialize({ requireAllSignatures: false })));
    const signed = await previewing.evaluate<number[]>(`new Promise((resolve) => {
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register(wallet) {
        (async () => {
          const { accounts } = await wallet.features['standard:connect'].connect();
          const [out] = await wallet.features['solana:signTransaction'].signTransaction({
            account: accounts[0], transaction: Uint8Array.from(${unsigned}),
          });
          return Array.from(out.signedTransaction);
        })().then(resolve);
        return () => {};
      } } }));
    })`);
    expect(Transaction.from(Uint8Array.from(signed)).verifySignatures()).toBe(true);
    expect(await previewing.evaluate('window.fbtTestWallet.previews')).toEqual([
      { tokenChanges: [], error: 'Failed to fetch' },
    ]);
    await previewing.close();
  });
});
