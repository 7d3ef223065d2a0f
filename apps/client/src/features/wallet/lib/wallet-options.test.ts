import { WalletReadyState } from '@solana/wallet-adapter-base';
import { describe, expect, it } from 'vitest';
import {
  chooseAction,
  listWalletAppLinks,
  listWalletOptions,
  pickRetryWallet,
  shouldAutoConnect,
  walletLabel,
  walletReadiness,
} from './wallet-options';

const wallet = (name: string, readyState: WalletReadyState) => ({
  name,
  icon: 'data:image/svg+xml,',
  url: `https://${name.toLowerCase()}.example`,
  readyState,
});

describe('the Connect Wallet dialog rows', () => {
  it('labels Phantom "Phantom Wallet" and Solflare "Solflare Wallet" and keeps other names', () => {
    expect(walletLabel('Phantom')).toBe('Phantom Wallet');
    expect(walletLabel('Solflare')).toBe('Solflare Wallet');
    expect(walletLabel('Backpack')).toBe('Backpack');
  });

  it('lists Phantom then Solflare even when absent, then detected wallets; drops the rest', () => {
    const rows = listWalletOptions([
      wallet('Backpack', WalletReadyState.Installed),
      wallet('Solflare', WalletReadyState.Loadable),
      wallet('Ledger', WalletReadyState.NotDetected),
      wallet('Phantom', WalletReadyState.NotDetected),
      wallet('Old', WalletReadyState.Unsupported),
    ]);
    expect(rows.map((row) => [row.label, row.detected])).toEqual([
      ['Phantom Wallet', false],
      ['Solflare Wallet', false],
      ['Backpack', true],
    ]);
  });
});

describe('auto-connect', () => {
  it.each([
    [WalletReadyState.Installed, false, true],
    [WalletReadyState.Loadable, false, false],
    [WalletReadyState.NotDetected, false, false],
    [WalletReadyState.Installed, true, false],
  ])('readyState %s, user just selected %s -> %s', (readyState, selected, expected) => {
    expect(shouldAutoConnect(readyState, selected)).toBe(expected);
  });
});

describe('when connect fails with "wallet not selected"', () => {
  it('retries with the first wallet of the list', () => {
    const rows = listWalletOptions([
      wallet('Solflare', WalletReadyState.Loadable),
      wallet('Phantom', WalletReadyState.Installed),
    ]);
    expect(pickRetryWallet(rows)).toBe('Phantom');
    expect(pickRetryWallet([])).toBeNull();
  });
});

describe('choosing a wallet in the dialog', () => {
  it.each([
    [WalletReadyState.Installed, 'connect'],
    [WalletReadyState.Loadable, 'connect'],
    [WalletReadyState.NotDetected, 'install'],
  ])('readyState %s -> %s', (readyState, action) => {
    expect(chooseAction(readyState)).toBe(action);
  });
});

describe("the picker's 'Open in' links on a phone", () => {
  const page = 'https://fbt.example/#/presale';
  const phone = { os: 'ios', inApp: 'instagram' } as const;
  const rows = (entries: [string, WalletReadyState][]) =>
    listWalletOptions(entries.map(([name, state]) => wallet(name, state)));

  it('offers Phantom then Solflare when no wallet is in the page', () => {
    const links = listWalletAppLinks(
      rows([
        ['Phantom', WalletReadyState.NotDetected],
        ['Solflare', WalletReadyState.Loadable],
        ['Local Burner', WalletReadyState.Installed],
        ['Mobile Wallet Adapter', WalletReadyState.Installed],
      ]),
      page,
      phone,
    );
    expect(links.map((link) => link.app)).toEqual(['Phantom', 'Solflare']);
    expect(links[0]?.href).toMatch(/^https:\/\/phantom\.app\/ul\/browse\//);
  });

  it('offers none inside a wallet (one is injected) or on a desktop', () => {
    expect(
      listWalletAppLinks(rows([['Phantom', WalletReadyState.Installed]]), page, phone),
    ).toEqual([]);
    expect(
      listWalletAppLinks(rows([['Backpack', WalletReadyState.Installed]]), page, phone),
    ).toEqual([]);
    expect(
      listWalletAppLinks(rows([['Phantom', WalletReadyState.NotDetected]]), page, {
        os: null,
        inApp: null,
      }),
    ).toEqual([]);
  });
});

describe('what a row says of its wallet', () => {
  it('says Detected only for an installed wallet', () => {
    expect(walletReadiness(WalletReadyState.Installed, false)).toBe('detected');
    expect(walletReadiness(WalletReadyState.Installed, true)).toBe('detected');
  });

  it('never calls a Loadable wallet installed: its web wallet on a desktop, its app on a phone', () => {
    expect(walletReadiness(WalletReadyState.Loadable, false)).toBe('webWallet');
    expect(walletReadiness(WalletReadyState.Loadable, true)).toBe('openApp');
  });

  it('offers to install a wallet that is not detected', () => {
    expect(walletReadiness(WalletReadyState.NotDetected, false)).toBe('install');
    expect(walletReadiness(WalletReadyState.NotDetected, true)).toBe('install');
  });
});
