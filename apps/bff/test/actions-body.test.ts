/**
 * The Blink's GET body and headers as pure functions: which presets fit the limits, where the
 * window opens and closes (the program's `start <= now < end`), which block wins, and the
 * CAIP-2 id of each cluster.
 */
import { randomAddress } from '@fbt/adapters/testing';
import { BLOCKCHAIN_IDS } from '@solana/actions';
import { describe, expect, it } from 'vitest';
import type { PresaleSnapshot } from '@fbt/domain';
import { OPEN_SALE_RULES } from '@fbt/domain';
import { loadConfig } from '../src/config';
import { actionsJson } from '../src/routes/actions-json';
import { settingsFromConfig } from '../src/create-bff';
import { actionHeaders, blockchainId } from '../src/routes/api/actions/action-headers';
import { presaleActionBody, saleBlock } from '../src/routes/api/actions/presale-action';

const SOL = 1_000_000_000n;
const NOW = 1_800_000_000;

function snapshot(overrides: Partial<PresaleSnapshot['state']> = {}, rules = {}): PresaleSnapshot {
  return {
    address: randomAddress(),
    slot: 1,
    state: {
      isInitialized: true,
      isActived: true,
      sellerPubkey: randomAddress(),
      tempTokenAccountPubkey: randomAddress(),
      tokenPrice: 50_000n,
      minUserBuyable: SOL / 10n,
      maxUserBuyable: 10n * SOL,
      maxTotalBuyable: 100n * SOL,
      currentTotalSold: 25n * SOL,
      ...overrides,
    },
    rules: { ...OPEN_SALE_RULES, ...rules },
  };
}

const body = (presale: PresaleSnapshot, leaderCode?: string) =>
  presaleActionBody({
    variant: leaderCode === undefined ? 'public' : 'leader',
    snapshot: presale,
    nowSeconds: NOW,
    iconUrl: 'https://fbt.example/api/actions/icon.svg',
    actionPath: 'https://fbt.example/api/actions/presale/public',
    ...(leaderCode === undefined ? {} : { leaderCode }),
  });

describe('presaleActionBody', () => {
  it('offers only the presets within the limits, and an amount field bounded by them', () => {
    const action = body(snapshot({ minUserBuyable: 2n * SOL, maxUserBuyable: 4n * SOL }));
    expect(action.links?.actions.map((linked) => linked.label)).toEqual(['Buy FBT']);
    expect(action.links?.actions[0]).toMatchObject({
      href: 'https://fbt.example/api/actions/presale/public?amount={amount}',
      parameters: [{ name: 'amount', min: 2, max: 4, required: true }],
    });
  });

  it('bounds the maximum by what is left in the whole presale', () => {
    const action = body(snapshot({ currentTotalSold: 99n * SOL + SOL / 4n }));
    expect(action.links?.actions.map((linked) => linked.label)).toEqual(['Buy 0.5 SOL', 'Buy FBT']);
    expect(action.links?.actions[1]?.parameters?.[0]).toMatchObject({ max: 0.75 });
  });

  it('carries the leader code in every link', () => {
    const action = body(snapshot(), 'beast42');
    for (const linked of action.links?.actions ?? []) {
      expect(linked.href).toMatch(/\?code=beast42&amount=/);
    }
    expect(action.description).toContain('leader code beast42');
  });

  it('states the price, progress and per-wallet limits', () => {
    expect(body(snapshot()).description).toBe(
      'Buy FBT at 0.00005 SOL per token (20,000 FBT per SOL). Raised 25 of 100 SOL (25.0%). ' +
        'Each wallet buys from 0.1 to 10 SOL in total. ' +
        'The FBT arrive in your wallet in the same transaction.',
    );
  });
});

describe('saleBlock', () => {
  it('opens at the window start and closes at its end, as the program does', () => {
    expect(saleBlock(snapshot({}, { saleStart: NOW }), NOW)).toBeNull();
    expect(saleBlock(snapshot({}, { saleStart: NOW + 1 }), NOW)?.label).toBe('Not started');
    expect(saleBlock(snapshot({}, { saleEnd: NOW + 1 }), NOW)).toBeNull();
    expect(saleBlock(snapshot({}, { saleEnd: NOW }), NOW)?.label).toBe('Presale ended');
  });

  it('says when a window opens, in UTC', () => {
    expect(saleBlock(snapshot({}, { saleStart: NOW + 3600 }), NOW)?.message).toBe(
      'The presale has not started yet. It opens on 2027-01-15 09:00 UTC.',
    );
  });

  it('puts a pause before a sold-out sale, and sold out before the window', () => {
    const soldOut = { currentTotalSold: 100n * SOL };
    expect(saleBlock(snapshot({ ...soldOut, isActived: false }), NOW)?.label).toBe(
      'Presale paused',
    );
    expect(saleBlock(snapshot(soldOut, { saleEnd: NOW }), NOW)?.label).toBe('Sold out');
  });

  it('refuses an uninitialized presale as paused', () => {
    expect(saleBlock(snapshot({ isInitialized: false }), NOW)?.message).toBe(
      'The presale is not active.',
    );
  });
});

describe('Action headers', () => {
  it('names each cluster by its CAIP-2 id, a local chain by its genesis hash', () => {
    expect(blockchainId('mainnet-beta', null)).toBe(BLOCKCHAIN_IDS.mainnet);
    expect(blockchainId('devnet', null)).toBe(BLOCKCHAIN_IDS.devnet);
    expect(blockchainId('testnet', null)).toBe(BLOCKCHAIN_IDS.testnet);
    const genesis = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNYxyz';
    expect(blockchainId('localnet', genesis)).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
    expect(blockchainId('localnet', null)).toBeNull();
  });

  it('lets any origin read the answers and the icon, and leaves out an unknown chain id', () => {
    const headers = actionHeaders(null);
    expect(headers).toMatchObject({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'X-Action-Version, X-Blockchain-Ids',
      'X-Action-Version': '2.4',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    expect(headers).not.toHaveProperty('X-Blockchain-Ids');
    expect(headers).not.toHaveProperty('Content-Type');
  });
});

describe('PUBLIC_SITE_URL', () => {
  it('is the origin of the absolute links, normalized', () => {
    const config = loadConfig({ PUBLIC_SITE_URL: 'https://FBT.example/' });
    expect(settingsFromConfig(config).publicSiteUrl).toBe('https://fbt.example');
    expect(settingsFromConfig(loadConfig({})).publicSiteUrl).toBeNull();
  });

  it.each(['fbt.example', 'https://fbt.example/site', 'ftp://fbt.example'])(
    'refuses %j at start-up, naming the variable',
    (value) => {
      expect(() => loadConfig({ PUBLIC_SITE_URL: value })).toThrow(
        /PUBLIC_SITE_URL: must be an http\(s\) origin without a path/,
      );
    },
  );
});

describe('actionsJson', () => {
  it('leaves out a private route named like a BFF path', () => {
    expect(actionsJson('docs').rules.map((rule) => rule.pathPattern)).toEqual([
      '/presale',
      '/leader',
      '/api/actions/**',
    ]);
  });
});
