import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n/i18n';
import { it as italian } from '../../lib/i18n/it';
import { WalletSlotProvider } from '../wallet/wallet-state';
import { TRANSACTION_CTA, TransactionButton, type TransactionSend } from './transaction-button';

function html(element: ReactNode, language: 'en' | 'it' = 'en'): string {
  return renderToStaticMarkup(
    <I18nProvider
      {...(language === 'it' ? { initial: { language: 'it', messages: italian } } : {})}
    >
      <WalletSlotProvider>{element}</WalletSlotProvider>
    </I18nProvider>,
  );
}

const send = (overrides: Partial<TransactionSend> = {}): TransactionSend => ({
  onClick: () => undefined,
  disabled: false,
  runningText: null,
  label: 'Send',
  testId: 'purchase-send',
  ...overrides,
});

describe('without a connected wallet', () => {
  it('is Connect Wallet with its own test id, waiting while no wallet is registered', () => {
    const markup = html(
      <TransactionButton className={TRANSACTION_CTA} connectTestId="swap-connect" send={null} />,
    );
    expect(markup).toMatch(
      /^<button type="button" class="btn btn-primary transaction-button transaction-cta" disabled="" data-testid="swap-connect"><svg[^>]*>.*<\/svg>Connect Wallet<\/button>$/,
    );
  });

  it('keeps the plain primary look where the page asks for it (earnings)', () => {
    const markup = html(<TransactionButton send={null} connectTestId="earnings-connect-wallet" />);
    expect(markup).toContain('class="btn btn-primary"');
    expect(markup).toContain('data-testid="earnings-connect-wallet"');
  });

  it('speaks the site language', () => {
    const markup = html(<TransactionButton send={null} connectTestId="purchase-connect" />, 'it');
    expect(markup).toContain('Connetti Wallet');
  });
});

describe('with a connected wallet', () => {
  it('is the transaction, labelled and enabled, not busy', () => {
    expect(html(<TransactionButton className={TRANSACTION_CTA} send={send()} />)).toBe(
      '<button type="button" class="btn btn-primary transaction-button transaction-cta" aria-busy="false" data-testid="purchase-send">Send</button>',
    );
  });

  it('is disabled while the transaction cannot run', () => {
    expect(html(<TransactionButton send={send({ disabled: true })} />)).toBe(
      '<button type="button" class="btn btn-primary" disabled="" aria-busy="false" data-testid="purchase-send">Send</button>',
    );
  });

  it('shows the spinner and the step while it runs, busy', () => {
    expect(
      html(
        <TransactionButton
          className="transaction-button earnings-card__claim-button"
          send={send({
            disabled: true,
            runningText: 'Confirming…',
            label: 'Claim 1 SOL',
            testId: 'earnings-claim',
          })}
        />,
      ),
    ).toBe(
      '<button type="button" class="btn btn-primary transaction-button earnings-card__claim-button" disabled="" aria-busy="true" data-testid="earnings-claim"><span class="transaction-spinner" aria-hidden="true"></span>Confirming…</button>',
    );
  });
});
