// The FBT a fresh local chain seeds, as wallets and buyers meet it: a Token-2022 mint naming
// itself in its TokenMetadata extension, read the way a wallet reads it (the extension, then the
// metadata document its `uri` names on the running site, then the logo that document names);
// and a Blink buy landing in the buyer's Token-2022 associated account, which the swap card then
// shows (1440 EN, 390 IT). The browser buys, Claim and Distribute on the same mint are in
// e2e/buy/ (buying.test.ts, distribution.test.ts), the loopback pool's swaps in swap.test.ts.
import { FBT_DECIMALS, FBT_SUPPLY, FBT_TOKEN_NAME, FBT_TOKEN_SYMBOL } from '@fbt/domain';
import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import {
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  getTokenMetadata,
} from '@solana/spl-token';
import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Stack } from '../src/stack';
import { launchChromium } from '../test/support/browser';
import { fundedWallet, openSwap, startSwapStack, swapShot } from '../test/support/swap-page';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startSwapStack(inject('siteDistDir')), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const mint = () => new PublicKey(stack.deployment.mint);

describe('the seeded FBT, read as a wallet reads it', () => {
  it('is a Token-2022 mint of a fixed 100M supply, no mint or freeze authority', async () => {
    const info = await stack.connection.getAccountInfo(mint(), 'confirmed');
    expect(info?.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    const read = await getMint(stack.connection, mint(), 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(read.supply).toBe(FBT_SUPPLY * 10n ** BigInt(FBT_DECIMALS));
    expect(read.decimals).toBe(FBT_DECIMALS);
    expect(read.mintAuthority).toBeNull();
    expect(read.freezeAuthority).toBeNull();
  });

  it('names itself, and its uri serves the document and the logo it names', async () => {
    const metadata = await getTokenMetadata(stack.connection, mint(), 'confirmed');
    expect(metadata?.name).toBe(FBT_TOKEN_NAME);
    expect(metadata?.symbol).toBe(FBT_TOKEN_SYMBOL);
    // The site's own document, under the address the stack serves the site at.
    const uri = metadata?.uri ?? '';
    expect(uri).toBe(stack.deployment.metadataUri);
    expect(uri).toBe(`http://localhost:${stack.port}/token/fbt.json`);

    const document = await fetch(uri);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await document.json()) as Record<string, string>;
    expect(body).toMatchObject({ name: FBT_TOKEN_NAME, symbol: FBT_TOKEN_SYMBOL });
    expect(body.description).toContain(FBT_TOKEN_NAME);
    expect(body.image).toBe(`http://localhost:${stack.port}/token/fbt.png`);

    const image = await fetch(body.image ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    const bytes = new Uint8Array(await image.arrayBuffer());
    // A PNG: its signature, then an IHDR of 512 x 512.
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([512, 512]);
  });
});

describe('a Blink buy of the Token-2022 FBT', () => {
  it('lands in the buyer’s Token-2022 associated account, and the swap card shows it', async () => {
    const wallet = await fundedWallet(stack, 5);
    const response = await fetch(new URL('/api/actions/presale/public?amount=1', stack.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: wallet.publicKey.toBase58() }),
    });
    expect(response.status).toBe(200);
    const { transaction } = (await response.json()) as { transaction: string };
    const unsigned = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'));
    unsigned.sign([wallet]);
    const signature = await stack.connection.sendTransaction(unsigned);
    const latest = await stack.connection.getLatestBlockhash('confirmed');
    const confirmed = await stack.connection.confirmTransaction(
      { signature, ...latest },
      'confirmed',
    );
    expect(confirmed.value.err).toBeNull();

    // The Token-2022 derivation, an account Token-2022 owns, holding 1 SOL's worth: 20,000 FBT.
    const account = getAssociatedTokenAddressSync(
      mint(),
      wallet.publicKey,
      false,
      TOKEN_2022_PROGRAM_ID,
    );
    const info = await stack.connection.getAccountInfo(account, 'confirmed');
    expect(info?.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    const held = await getAccount(stack.connection, account, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(held.amount).toBe(20_000n * 10n ** BigInt(FBT_DECIMALS));
    expect(held.owner.equals(wallet.publicKey)).toBe(true);

    for (const [width, language, shown] of [
      [1440, 'en', 'Balance: 20,000 FBT'],
      [390, 'it', 'Saldo: 20.000 FBT'],
    ] as const) {
      const { page, errors, close } = await openSwap(browser, stack, wallet, width, language);
      await expect.poll(() => page.getByTestId('swap-receive-balance').textContent()).toBe(shown);
      await swapShot(page, `token-2022-balance-${language}`);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
