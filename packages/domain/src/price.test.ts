import { describe, expect, it } from 'vitest';
import {
  FALLBACK_SOL_USD,
  GOAL_TARGETS,
  assessPythPrice,
  clusterFromEndpoint,
  computeGoalRows,
  computeProgress,
  explorerAccountUrl,
  explorerTxUrl,
  formatUsdFromPyth,
  isDomainError,
  sanitizeCount,
} from './index';

describe('USD price from Pyth', () => {
  it.each([
    [14_237_512_345n, -8, '142.38'],
    [14_237_499_999n, -8, '142.37'],
    [14_237_500_000n, -8, '142.38'],
    [1n, -8, '0.00'],
    [500_000n, -8, '0.01'],
    [0n, -8, '0.00'],
    [-14_237_500_000n, -8, '-142.38'],
    [142n, 0, '142.00'],
    [15n, 1, '150.00'],
    [14237n, -2, '142.37'],
  ])('%s × 10^%s → %j', (price, expo, usd) => {
    expect(formatUsdFromPyth(price, expo)).toBe(usd);
  });

  it('has a fallback constant that formats', () => {
    expect(formatUsdFromPyth(FALLBACK_SOL_USD.price, FALLBACK_SOL_USD.expo)).toBe('150.00');
  });

  it.each([0.5, 19, -19, Number.NaN])('refuses exponent %s', (expo) => {
    try {
      formatUsdFromPyth(1n, expo);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'PRICE__INVALID_EXPONENT')).toBe(true);
    }
  });

  describe('quote checks', () => {
    const quote = { price: 15_000_000_000n, expo: -8, conf: 10_000_000n, publishTime: 1_000 };
    it.each([
      ['a fresh, tight quote', quote, 1_030, null],
      ['a quote exactly 60 s old', quote, 1_060, null],
      ['a quote 61 s old', quote, 1_061, 'STALE'],
      ['a quote with a 2% interval', { ...quote, conf: 300_000_000n }, 1_000, null],
      ['a quote with a wider interval', { ...quote, conf: 300_000_001n }, 1_000, 'LOW_CONFIDENCE'],
      ['a zero price', { ...quote, price: 0n }, 1_000, 'NON_POSITIVE'],
    ])('%s → %s', (_name, q, now, problem) => {
      expect(assessPythPrice(q, now)).toBe(problem);
    });
  });
});

describe('cluster from endpoint', () => {
  it.each([
    ['https://api.mainnet-beta.solana.com', 'mainnet-beta'],
    ['https://my-node.example.com/key', 'mainnet-beta'],
    ['https://api.devnet.solana.com', 'devnet'],
    ['https://rpc.ankr.com/solana_devnet', 'devnet'],
    ['https://api.testnet.solana.com', 'testnet'],
    ['http://127.0.0.1:8899', 'localnet'],
    ['http://localhost:8899', 'localnet'],
    ['http://[::1]:8899', 'localnet'],
    ['not a url', 'mainnet-beta'],
  ])('%s → %s', (endpoint, cluster) => {
    expect(clusterFromEndpoint(endpoint)).toBe(cluster);
  });
});

describe('explorer links', () => {
  it.each([
    ['mainnet-beta', undefined, 'https://solscan.io/tx/SIG'],
    ['devnet', undefined, 'https://solscan.io/tx/SIG?cluster=devnet'],
    ['testnet', undefined, 'https://solscan.io/tx/SIG?cluster=testnet'],
    ['localnet', undefined, 'https://solscan.io/tx/SIG?cluster=custom'],
    [
      'localnet',
      'http://127.0.0.1:8899',
      'https://solscan.io/tx/SIG?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899',
    ],
  ] as const)('a transaction on %s (%s)', (cluster, rpc, url) => {
    expect(explorerTxUrl('SIG', cluster, rpc)).toBe(url);
  });

  it('links accounts the same way', () => {
    expect(explorerAccountUrl('ADDR', 'devnet')).toBe(
      'https://solscan.io/account/ADDR?cluster=devnet',
    );
  });
});

describe('progress bar', () => {
  it.each([
    [0n, 100n, 0, false, 100n],
    [25n, 100n, 25, false, 75n],
    [1n, 3n, 33.33, false, 2n],
    [2n, 3n, 66.66, false, 1n],
    [100n, 100n, 100, true, 0n],
    [150n, 100n, 100, true, 0n],
    [-5n, 100n, 0, false, 100n],
    [5n, 0n, 0, false, 0n],
    [12_500_000_000n, 100_000_000_000n, 12.5, false, 87_500_000_000n],
  ])('%s of %s → %s%% completed=%s remaining=%s', (current, goal, fill, completed, remaining) => {
    expect(computeProgress(current, goal)).toEqual({ fillPercent: fill, completed, remaining });
  });
});

describe('goals', () => {
  it('has three rows: 1000, 5000, 10000', () => {
    expect(GOAL_TARGETS).toEqual([1000, 5000, 10000]);
    const rows = computeGoalRows({ telegram: 10, twitter: 20 });
    expect(rows.map((row) => row.target)).toEqual([1000, 5000, 10000]);
    expect(rows.map((row) => row.cards.map((card) => card.community))).toEqual([
      ['telegram', 'twitter'],
      ['telegram', 'twitter'],
      ['telegram', 'twitter'],
    ]);
  });

  it('dims the third row and hides its value until the count reaches 5000', () => {
    const [first, , third] = computeGoalRows({ telegram: 4999, twitter: 5000 });
    expect(first?.cards[0]).toMatchObject({ value: 4999, dimmed: false });
    expect(first?.cards[0].progress.completed).toBe(true);
    expect(third?.cards[0]).toMatchObject({ value: null, dimmed: true });
    expect(third?.cards[0].progress.fillPercent).toBe(0);
    expect(third?.cards[1]).toMatchObject({ value: 5000, dimmed: false });
    expect(third?.cards[1].progress.fillPercent).toBe(50);
  });

  it('never dims the first two rows', () => {
    const rows = computeGoalRows({ telegram: 0, twitter: 0 });
    expect(rows.slice(0, 2).flatMap((row) => row.cards.map((card) => card.dimmed))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [12.7, 12],
    [1500, 1500],
  ])('treats a count of %s as %s', (count, expected) => {
    expect(sanitizeCount(count)).toBe(expected);
    expect(computeGoalRows({ telegram: count, twitter: 0 })[0]?.cards[0].value).toBe(expected);
  });
});
