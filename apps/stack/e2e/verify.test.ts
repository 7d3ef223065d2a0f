// "Verify this sale" in Chromium against the real local chain: the seeded sale passes every
// "Verify this sale" in Chromium against the real local chain: the seeded sale passes every
// fact, its Token-2022 FBT's metadata included (name, symbol and the site's /token/fbt.json), a
// sale seeded at completion shows its delivery terms, and each faulty sale, built for real next
// to it (mint authority kept, a freeze authority, other program bytes, an upgrade authority, a
// vault short of tokens, a vault short of what it owes, declared terms other than the chain's, a
// wrong allowlist root), turns exactly its lines failed. Each faulty sale gets its own BFF over
// the same chain with its own deployment file.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMITTED_PROGRAM_BUILDS } from '@fbt/domain';
import { readKeypairFile, seededWalletFiles } from '@fbt/operator';
import { buildFaultySale, FAULT_FACTS, SALE_FAULTS, type SaleFault } from '@fbt/operator/testing';
import { fetchPresaleAccount } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type Stack } from '../src/stack';
import { launchChromium } from '../test/support/browser';

const OUTPUT_DIR = fileURLToPath(new URL('../test-output/verify/', import.meta.url));
mkdirSync(OUTPUT_DIR, { recursive: true });

const BFF = { logger: false, env: { RPC_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' } };

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ localChain: { slotMs: 100 }, siteDir: inject('siteDistDir'), bff: BFF }),
    launchChromium(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

async function openVerify(
  url: string,
  options: { width?: number; language?: 'it'; path?: string } = {},
): Promise<Page> {
  const width = options.width ?? 1440;
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  if (options.language !== undefined) {
    await page.addInitScript(
      (value) => localStorage.setItem('fbt.language', value),
      options.language,
    );
  }
  await page.goto(`${url}#${options.path ?? '/verify'}`);
  await page.getByTestId('verify-summary').waitFor({ timeout: 30_000 });
  return page;
}

/** The ids of the facts the page shows failed, and of every fact it shows. */
async function shownFacts(page: Page): Promise<{ failed: string[]; all: string[] }> {
  const ids = async (selector: string) =>
    (
      await page
        .locator(selector)
        .evaluateAll((rows) => rows.map((row) => row.dataset.testid ?? ''))
    )
      .map((id) => id.replace(/^fact-/, ''))
      .sort();
  return { failed: await ids('[data-passed="false"]'), all: await ids('li[data-passed]') };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}-top.png`) });
}

describe('the verify page of the seeded sale', () => {
  it('is linked from the home page’s Transparent and from each presale page', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${stack.url}#/`);
    await page.getByTestId('stat-transparent-link').click();
    await page.getByTestId('verify-summary').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).hash).toBe('#/verify');
    await page.goto(`${stack.url}#/leader?code=fbtdemo`);
    await page.getByTestId('verify-sale-link').click();
    await page.getByTestId('verify-summary').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).hash).toBe('#/verify?sale=leader');
    await expect
      .poll(() =>
        page.getByTestId('verify-group-leader').evaluate((el) => el.getBoundingClientRect().top),
      )
      .toBeLessThan(200);
    await page.close();
  });

  it('passes every fact read in the browser, with values and explorer links (1440, EN)', async () => {
    const page = await openVerify(stack.url);
    const { failed, all } = await shownFacts(page);
    expect(failed).toEqual([]);
    expect(all).toHaveLength(50);
    const hash = page.getByTestId('fact-program.build-hash');
    await expect.poll(() => hash.getAttribute('data-passed')).toBe('true');
    expect(await hash.textContent()).toContain(COMMITTED_PROGRAM_BUILDS.v3);
    expect(await hash.textContent()).toContain('Committed build v3');
    expect(await page.getByTestId('fact-program.upgrade-authority').textContent()).toContain(
      'Immutable',
    );
    expect(await page.getByTestId('fact-mint.supply').textContent()).toContain('100,000,000 FBT');
    const vault = page.getByTestId('fact-presale.public.vault');
    expect(await vault.textContent()).toContain('2,000,000 FBT');
    const presale = await fetchPresaleAccount(
      stack.connection,
      new PublicKey(stack.deployment.programId),
      new PublicKey(stack.deployment.presales.public.address),
    );
    expect(await vault.locator('a').getAttribute('href')).toContain(
      `solscan.io/account/${presale?.tempTokenAccountPubkey ?? 'no presale'}`,
    );
    expect(await page.locator('a[href="/idl/presale.json"]').count()).toBe(1);
    for (const [id, value] of [
      ['fact-mint.metadata-name', 'Frustrated Beast Token'],
      ['fact-mint.metadata-symbol', 'FBT'],
      ['fact-mint.metadata-uri', `http://localhost:${stack.port}/token/fbt.json`],
    ] as const) {
      const row = page.getByTestId(id);
      expect(await row.getAttribute('data-passed')).toBe('true');
      expect(await row.textContent()).toContain(value);
    }
    await shot(page, 'seeded-1440-en');
    await page.close();
  });

  it('reads the same in Italian on a phone (390)', async () => {
    const page = await openVerify(stack.url, { width: 390, language: 'it' });
    expect((await shownFacts(page)).failed).toEqual([]);
    expect(await page.locator('h1').textContent()).toBe('Verifica questa vendita');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shot(page, 'seeded-390-it');
    await page.getByTestId('verify-group-program').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'seeded-390-it-program.png') });
    await page.close();
  });
});

describe('the verify page of a sale at completion', () => {
  it('shows each presale’s delivery, minimum raise and vesting as the chain holds them (1440 EN, 390 IT)', async () => {
    const completion = await startStack({
      localChain: { slotMs: 100 },
      delivery: 'at-completion',
      siteDir: inject('siteDistDir'),
      bff: BFF,
    });
    try {
      const page = await openVerify(completion.url);
      expect((await shownFacts(page)).failed).toEqual([]);
      const row = (id: string) => page.getByTestId(`fact-${id}`).textContent();
      expect(await row('presale.public.delivery-mode')).toContain('At completion');
      expect(await row('presale.public.delivery-mode')).toContain('Selling');
      expect(await row('presale.public.minimum-raise')).toContain('None');
      expect(await row('presale.public.vesting')).toContain('Everything at completion');
      expect(await row('presale.private.vesting')).toContain(
        '25% at completion, nothing more for 30 days, everything after 180 days',
      );
      expect(await row('presale.public.vault')).toContain(
        '2,000,000 FBT left to sell + 0 FBT owed to buyers',
      );
      await shot(page, 'completion-1440-en');
      await page.getByTestId('verify-group-private').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUTPUT_DIR, 'completion-1440-en-private.png') });
      await page.close();

      const phone = await openVerify(completion.url, { width: 390, language: 'it' });
      expect(await phone.getByTestId('fact-presale.private.vesting').textContent()).toContain(
        '25% al completamento, nient’altro per 30 giorni, tutto dopo 180 giorni',
      );
      expect(await phone.getByTestId('fact-presale.public.delivery-mode').textContent()).toContain(
        'Al completamento',
      );
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await phone.getByTestId('fact-presale.private.delivery-mode').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: path.join(OUTPUT_DIR, 'completion-390-it-private.png') });
      await phone.close();
    } finally {
      await completion.stop();
    }
  }, 180_000);

  it('dates a sold-out round’s vesting and shows what its vault owes (390, IT)', async () => {
    if (stack.localnet === null) throw new Error('the verify suite runs a local chain');
    const dir = mkdtempSync(path.join(tmpdir(), 'fbt-verify-dates-'));
    const { file } = await buildFaultySale({
      connection: stack.connection,
      operator: readKeypairFile(seededWalletFiles(stack.dataDir).operator),
      base: stack.deployment,
      fault: 'declared-terms',
      dir,
    });
    const sale = await startStack({
      cluster: { rpcUrl: stack.localnet.rpcUrl, wsUrl: stack.localnet.wsUrl, deploymentFile: file },
      dataDir: path.join(dir, 'bff'),
      siteDir: inject('siteDistDir'),
      bff: BFF,
    });
    try {
      const page = await openVerify(sale.url, { width: 390, language: 'it' });
      const row = (id: string) => page.getByTestId(`fact-${id}`);
      expect(await row('presale.private.delivery-mode').textContent()).toContain(
        'Esaurita: in attesa di finalizzazione',
      );
      const vesting = row('presale.private.vesting');
      expect(await vesting.textContent()).toMatch(
        /Completata il .+ · nient’altro fino al .+ · tutto sbloccato il .+Atteso: Tutto al completamento/s,
      );
      expect(await row('presale.private.vault').textContent()).toContain(
        '0 FBT da vendere + 20,000 FBT dovuti agli acquirenti',
      );
      await vesting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUTPUT_DIR, 'dates-390-it-vesting.png') });
      await page.close();
    } finally {
      await sale.stop();
    }
  }, 120_000);
});

describe('the verify page of a faulty sale', () => {
  it.each(SALE_FAULTS)(
    'shows exactly the lines a %s sale breaks as failed',
    async (fault: SaleFault) => {
      if (stack.localnet === null) throw new Error('the verify suite runs a local chain');
      const dir = mkdtempSync(path.join(tmpdir(), `fbt-verify-${fault}-`));
      const { file } = await buildFaultySale({
        connection: stack.connection,
        operator: readKeypairFile(seededWalletFiles(stack.dataDir).operator),
        base: stack.deployment,
        fault,
        dir,
      });
      const faulty = await startStack({
        cluster: {
          rpcUrl: stack.localnet.rpcUrl,
          wsUrl: stack.localnet.wsUrl,
          deploymentFile: file,
        },
        dataDir: path.join(dir, 'bff'),
        siteDir: inject('siteDistDir'),
        bff: BFF,
      });
      try {
        const page = await openVerify(faulty.url, { width: fault === 'vault-short' ? 390 : 1440 });
        const { failed } = await shownFacts(page);
        expect(failed).toEqual([...FAULT_FACTS[fault]].sort());
        for (const id of FAULT_FACTS[fault]) {
          const row = page.getByTestId(`fact-${id}`);
          expect(await row.textContent()).toMatch(/Failed.*Expected:/s);
          await row.screenshot({ path: path.join(OUTPUT_DIR, `fault-${fault}-${id}.png`) });
        }
        await shot(page, `fault-${fault}`);
        await page.close();
      } finally {
        await faulty.stop();
      }
    },
    120_000,
  );
});
