import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WalletSlotProvider } from '../../../components/wallet/wallet-state';
import { I18nProvider } from '../../../lib/i18n/i18n';
import { it as italian } from '../../../lib/i18n/it';
import type { DeliveryActions } from '../hooks/purchase-session';
import { vestingSchedule, type BuyerTokens, type YourFbtView } from '../lib/your-fbt';
import { YourFbtPanel } from './your-fbt';

const DAY = 86_400;
const COMPLETED = Date.UTC(2026, 5, 12, 16, 0) / 1000;
const FBT = 1_000_000n;
const SOL = 1_000_000_000n;
const TERMS = { unlockedAtCompletionBps: 2_500, cliffSeconds: 7 * DAY, vestingSeconds: 30 * DAY };
const TARGET = {
  programId: '11111111111111111111111111111111',
  presale: '11111111111111111111111111111111',
  mint: '11111111111111111111111111111111',
  tempTokenAccount: '11111111111111111111111111111111',
};
const tokens = (delivered: bigint): BuyerTokens => ({
  paidLamports: SOL,
  bought: 20_000n * FBT,
  delivered,
});

const idle: DeliveryActions = {
  running: null,
  dialog: null,
  closeDialog: () => undefined,
  claim: () => Promise.resolve(),
  refund: () => Promise.resolve(),
};

function html(
  view: YourFbtView,
  options: { actions?: DeliveryActions; language?: 'en' | 'it'; now?: number } = {},
): string {
  const element: ReactNode = (
    <YourFbtPanel
      view={view}
      nowSeconds={options.now ?? COMPLETED + DAY}
      actions={options.actions ?? idle}
      target={TARGET}
      config={undefined}
    />
  );
  return renderToStaticMarkup(
    <I18nProvider
      {...(options.language === 'it' ? { initial: { language: 'it', messages: italian } } : {})}
    >
      <WalletSlotProvider>{element}</WalletSlotProvider>
    </I18nProvider>,
  );
}

/** The text of the element with `data-testid="<id>"` in the markup. */
function textOf(markup: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>(.*?)</(?:dd|p|button|li)>`).exec(markup);
  return match?.[1]?.replace(/<[^>]+>/g, '') ?? null;
}

const delivering = (delivered: bigint, claimable: bigint): YourFbtView => ({
  kind: 'delivering',
  tokens: tokens(delivered),
  unlocked: delivered + claimable,
  claimable,
  vesting: true,
  schedule: vestingSchedule(TERMS, COMPLETED),
});

describe('the "Your FBT" panel', () => {
  it('shows nothing without a purchase on an at-completion presale', () => {
    expect(html({ kind: 'none' })).toBe('');
  });

  it('waiting: bought, nothing delivered, the schedule counted from a completion to come', () => {
    const markup = html({
      kind: 'waiting',
      phase: 'open',
      tokens: tokens(0n),
      schedule: vestingSchedule(TERMS, null),
    });
    expect(markup).toContain('data-state="waiting"');
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'Held for you until the sale completes, then delivered automatically.',
    );
    expect(textOf(markup, 'your-fbt-bought')).toBe('20,000 FBT');
    expect(textOf(markup, 'your-fbt-delivered')).toBe('0 FBT');
    expect(textOf(markup, 'your-fbt-owed')).toBe('20,000 FBT');
    expect(textOf(markup, 'your-fbt-step-completion')).toBe(
      'CompletionWhen the sale completes25% unlocked',
    );
    expect(textOf(markup, 'your-fbt-step-cliff')).toBe(
      'Cliff7 days after completionGradual unlocking starts',
    );
    expect(textOf(markup, 'your-fbt-step-end')).toBe(
      'Fully unlocked30 days after completion100% unlocked',
    );
    expect(markup).not.toContain('your-fbt-claim');
    expect(markup).not.toContain('your-fbt-refund');
  });

  it('closed below its minimum: the SOL comes back after Finalize, no schedule', () => {
    const markup = html({
      kind: 'waiting',
      phase: 'below-minimum',
      tokens: tokens(0n),
      schedule: vestingSchedule(TERMS, COMPLETED),
    });
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'The sale closed below its minimum raise: once it is finalized, you take back the 1 SOL you paid.',
    );
    expect(markup).not.toContain('your-fbt-step-completion');
    expect(textOf(markup, 'your-fbt-paid')).toBe('1 SOL');
    expect(markup).not.toContain('your-fbt-owed');
  });

  it('sold out: says delivery follows the finalization', () => {
    const markup = html({
      kind: 'waiting',
      phase: 'sold-out',
      tokens: tokens(0n),
      schedule: vestingSchedule(TERMS, COMPLETED),
    });
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'The sale is sold out: your FBT are delivered automatically once it is finalized.',
    );
    expect(textOf(markup, 'your-fbt-step-completion')).toMatch(/^Completion12 Jun 2026, \d\d:00/);
  });

  it('vesting with something unlocked: dated steps, the past ones marked, and Claim', () => {
    const markup = html(delivering(5_000n * FBT, 7_500n * FBT), { now: COMPLETED + 15 * DAY });
    expect(textOf(markup, 'your-fbt-delivered')).toBe('5,000 FBT');
    expect(textOf(markup, 'your-fbt-owed')).toBe('15,000 FBT');
    expect(textOf(markup, 'your-fbt-claimable')).toBe('7,500 FBT');
    expect(textOf(markup, 'your-fbt-claim')).toBe('Claim 7,500 FBT');
    expect(markup).toMatch(/your-fbt__step--past" data-testid="your-fbt-step-cliff"/);
    expect(markup).not.toMatch(/your-fbt__step--past" data-testid="your-fbt-step-end"/);
    expect(markup).toMatch(/<button[^>]*aria-busy="false" data-testid="your-fbt-claim"/);
  });

  it('vesting with nothing unlocked beyond what was delivered: no Claim', () => {
    const markup = html(delivering(5_000n * FBT, 0n));
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'Delivered automatically as they unlock. Claim what is unlocked now to have it at once.',
    );
    expect(markup).not.toContain('your-fbt-claim');
  });

  it('while a claim runs: busy, disabled, with its step', () => {
    const markup = html(delivering(5_000n * FBT, 7_500n * FBT), {
      actions: { ...idle, running: { action: 'claim', stage: 'signing' } },
    });
    expect(markup).toMatch(
      /<button[^>]*disabled=""[^>]*aria-busy="true" data-testid="your-fbt-claim"/,
    );
    expect(textOf(markup, 'your-fbt-claim')).toBe('Approve in your wallet…');
  });

  it('done: every FBT in the wallet', () => {
    const markup = html({
      kind: 'done',
      tokens: tokens(20_000n * FBT),
      schedule: vestingSchedule(TERMS, COMPLETED),
    });
    expect(markup).toContain('data-state="done"');
    expect(textOf(markup, 'your-fbt-status')).toBe('All your FBT are in your wallet.');
    expect(textOf(markup, 'your-fbt-owed')).toBe('0 FBT');
    expect(markup).not.toContain('your-fbt-claim');
  });

  it('failed: what was paid, and Refund of it', () => {
    const markup = html({ kind: 'refund', tokens: tokens(0n), minimumRaise: 40n * SOL });
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'The sale raised less than its minimum of 40 SOL, so no FBT are delivered. Take back the 1 SOL you paid.',
    );
    expect(textOf(markup, 'your-fbt-paid')).toBe('1 SOL');
    expect(textOf(markup, 'your-fbt-refund')).toBe('Refund 1 SOL');
  });

  it('writes amounts the way the rest of the site does: grouped, every lamport paid', () => {
    const markup = html({
      kind: 'refund',
      tokens: { paidLamports: 1_500_000_001n, bought: 30_000n * FBT + 20_000n, delivered: 0n },
      minimumRaise: 12_500n * SOL,
    });
    expect(textOf(markup, 'your-fbt-paid')).toBe('1.500000001 SOL');
    expect(textOf(markup, 'your-fbt-bought')).toBe('30,000.02 FBT');
    expect(textOf(markup, 'your-fbt-refund')).toBe('Refund 1.500000001 SOL');
    expect(textOf(markup, 'your-fbt-status')).toBe(
      'The sale raised less than its minimum of 12,500 SOL, so no FBT are delivered. Take back the 1.500000001 SOL you paid.',
    );
    expect(markup).not.toContain('your-fbt-step-completion');
    expect(markup).not.toContain('your-fbt-owed');
  });

  it('speaks Italian', () => {
    const markup = html(delivering(5_000n * FBT, 7_500n * FBT), { language: 'it' });
    expect(markup).toContain('I tuoi FBT');
    // Italian groups from five digits on, with a dot: 7500 stands alone, 15.000 does not.
    expect(textOf(markup, 'your-fbt-claim')).toBe('Riscuoti 7500 FBT');
    expect(textOf(markup, 'your-fbt-bought')).toBe('20.000 FBT');
    expect(textOf(markup, 'your-fbt-owed')).toBe('15.000 FBT');
    expect(textOf(markup, 'your-fbt-step-end')).toMatch(
      /^Tutto sbloccato12 lug 2026, \d\d:00100% sbloccato$/,
    );
    const refund = html(
      { kind: 'refund', tokens: tokens(0n), minimumRaise: 40n * SOL },
      { language: 'it' },
    );
    expect(textOf(refund, 'your-fbt-refund')).toBe('Rimborsa 1 SOL');
    const paidPart = html(
      {
        kind: 'refund',
        tokens: { paidLamports: 1_500_000_001n, bought: 30_000n * FBT + 20_000n, delivered: 0n },
        minimumRaise: 12_500n * SOL,
      },
      { language: 'it' },
    );
    expect(textOf(paidPart, 'your-fbt-paid')).toBe('1,500000001 SOL');
    expect(textOf(paidPart, 'your-fbt-bought')).toBe('30.000,02 FBT');
    expect(textOf(paidPart, 'your-fbt-status')).toContain('12.500 SOL');
  });
});
