// Where the site checks the BFF's answers against the wire schemas: in a worker, so zod never
// runs on the page's thread; and on the page's thread when the worker cannot run.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtChunk, openPage, useSiteSession } from '../test/support/harness';

const session = useSiteSession();

const WORKER_SCRIPT = /\/assets\/wire-worker-[\w-]+\.js$/;

/** The schemas' chunk the page loads only to check answers itself, as this build named it. */
function schemasChunk(): string {
  return builtChunk('src/lib/wire-schemas.ts', 'wire schemas chunk');
}

/** Records the page's console messages and the scripts its context fetches. */
function watch(context: BrowserContext, page: Page) {
  const scripts: string[] = [];
  const messages: string[] = [];
  context.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  return { scripts, messages };
}

/** The page shows the fixtures' presale progress and live price (both read from the BFF). */
async function presaleShown(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('sol-target-status').textContent())
    .toBe('37.5 SOL Raised · 62.5 SOL to go');
  await expect
    .poll(() => page.getByTestId('purchase-price').textContent())
    .toBe('1 SOL = 145.23 USD');
}

describe("the BFF's answers", () => {
  it('are checked in a worker: the page shows them and never loads zod itself', async () => {
    let seen: ReturnType<typeof watch> | undefined;
    const workers: string[] = [];
    const { page, errors, close } = await openPage(session.browser, session.site, '/presale', {
      init: (context, newPage) => {
        seen = watch(context, newPage);
        newPage.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      },
    });
    await presaleShown(page);
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatch(WORKER_SCRIPT);
    expect(seen?.scripts).not.toContain(schemasChunk());
    expect(seen?.messages.filter((message) => message.startsWith('error'))).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('that do not match the schema are refused, naming the field', async () => {
    let seen: ReturnType<typeof watch> | undefined;
    const { close } = await openPage(session.browser, session.site, '/presale', {
      init: async (context, newPage) => {
        seen = watch(context, newPage);
        await newPage.route('**/api/v1/presales/public', async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { state: Record<string, unknown> };
          body.state.tokenPrice = '0.00005';
          await route.fulfill({ response: answer, json: body });
        });
      },
    });
    await expect
      .poll(() =>
        seen?.messages.find(
          (message) =>
            message.startsWith('error: getPresaleInfo error') &&
            message.includes('Invalid presale response: state.tokenPrice'),
        ),
      )
      .toBeDefined();
    await close();
  });

  it('are checked on the page when the worker cannot load, and none is lost', async () => {
    let seen: ReturnType<typeof watch> | undefined;
    const { page, errors, close } = await openPage(session.browser, session.site, '/presale', {
      init: async (context, newPage) => {
        seen = watch(context, newPage);
        await context.route(WORKER_SCRIPT, (route) => route.abort('connectionrefused'));
      },
    });
    await presaleShown(page);
    expect(seen?.scripts).toContain(schemasChunk());
    expect(
      seen?.messages.some((message) =>
        message.startsWith('warning: the answer-checking worker failed; checking on the page'),
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
